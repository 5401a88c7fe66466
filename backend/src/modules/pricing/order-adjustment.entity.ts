import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';
import { Order } from '../orders';
import { Money } from '../shop';
import { AdjustmentSource } from './pricing';

/** One adjustment of an order's price, as it was made: where it came from, what the customer reads, and by how much. */
@ObjectType({ simpleResolvers: true, description: "An adjustment of an order's price: allocated over its lines, tax computed after" })
@Entity('order_adjustment')
@Index('IDX_order_adjustment_order', ['orderId', 'createdAt'])
export class OrderAdjustment {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_order_adjustment' })
  id!: string;

  @Column('uuid')
  orderId!: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'FK_order_adjustment_order' })
  order?: Order;

  @Field(() => AdjustmentSource, { description: 'Where it came from' })
  @Column('varchar', { length: 20 })
  source!: AdjustmentSource;

  @Field(() => String, { description: 'What the customer reads on the order, e.g. Price adjustment' })
  @Column('varchar', { length: 120 })
  label!: string;

  /** Minor units of the order's currency; negative lowers the price. */
  @Column('int')
  amount!: number;

  @Field(() => Money, { description: 'The amount in the order’s currency: negative lowers the price' })
  money?: Money;

  /** The positions of the lines it was allocated over (a discount code's knives); null: every line. */
  @Column('int', { array: true, nullable: true })
  linePositions!: number[] | null;

  /** It came off delivery's price (a free-shipping code), not the lines'. */
  @Column('boolean', { default: false })
  onDelivery!: boolean;

  /** Why staff made it (admins read it in the order's history); null for a code or a card. */
  @Column('varchar', { length: 500, nullable: true })
  reason!: string | null;

  /** The e-mail of who made it, or the API key's name. */
  @Column('varchar', { length: 254, nullable: true })
  createdBy!: string | null;

  @Field(() => Date, { description: 'When it was made (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;
}
