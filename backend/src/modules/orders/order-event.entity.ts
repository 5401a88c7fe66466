import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';
import { Order, OrderState } from './order.entity';

/** Who moved an order: its customer (or the guest holding its link), an admin, an integrator's API key, the payment provider (webhooks) or Keen itself (the unpaid hold). */
export enum OrderActorKind {
  customer = 'customer',
  guest = 'guest',
  admin = 'admin',
  apiKey = 'apiKey',
  provider = 'provider',
  system = 'system',
}
registerEnumType(OrderActorKind, {
  name: 'OrderActorKind',
  description: 'Who moved an order',
  valuesConfig: {
    customer: { description: 'The customer who placed it' },
    guest: { description: 'The guest who placed it signed out, by its link (actorEmail: the e-mail they gave)' },
    admin: { description: 'Shop staff' },
    apiKey: { description: "An integrator's API key" },
    provider: { description: 'The payment provider (a webhook)' },
    system: { description: 'Keen itself, e.g. when an unpaid hold runs out' },
  },
});

/** One line of an order's history, written by the state machine with every change of state. */
@ObjectType({ simpleResolvers: true, description: "One change of an order's state, in its history" })
@Entity('order_event')
@Index('IDX_order_event_order_created_at', ['orderId', 'createdAt'])
export class OrderEvent {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_order_event' })
  id!: string;

  @Column('uuid')
  orderId!: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'FK_order_event_order' })
  order?: Order;

  @Field(() => OrderState, { nullable: true, description: 'Null when the order was placed' })
  @Column('enum', { enum: OrderState, enumName: 'order_state_enum', nullable: true })
  fromState!: OrderState | null;

  @Field(() => OrderState, { description: 'The state the order moved to' })
  @Column('enum', { enum: OrderState, enumName: 'order_state_enum' })
  toState!: OrderState;

  @Field(() => OrderActorKind, { description: 'Who moved it' })
  @Column('varchar', { length: 20 })
  actor!: OrderActorKind;

  @Field(() => String, { nullable: true, description: "The customer's or admin's e-mail" })
  @Column('varchar', { length: 254, nullable: true })
  actorEmail!: string | null;

  @Field(() => String, { nullable: true, description: 'Why, or what came with it (a refund, the tracking)' })
  @Column('varchar', { length: 2000, nullable: true })
  note!: string | null;

  @Field(() => Date, { description: 'When it was made (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;
}
