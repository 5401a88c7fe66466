import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { Order, OrderLine } from '../orders';
import { User } from '../users';

export enum ReturnState {
  Requested = 'Requested',
  Approved = 'Approved',
  Declined = 'Declined',
  Received = 'Received',
  Refunded = 'Refunded',
}
registerEnumType(ReturnState, {
  name: 'ReturnState',
  description: 'Where a return is: asked for, approved or declined, its parcel received, refunded',
  valuesConfig: {
    Requested: { description: 'Asked for by the customer; waiting for an admin' },
    Approved: { description: 'An admin approved it; the customer has the instructions to send the units back' },
    Declined: { description: 'An admin declined it, with a reason' },
    Received: { description: 'The units came back; an admin counted them and chose which go back to stock' },
    Refunded: { description: 'The received units were refunded (a credit note of the order)' },
  },
});

export enum ReturnReason {
  FAULTY = 'FAULTY',
  DAMAGED_IN_TRANSIT = 'DAMAGED_IN_TRANSIT',
  NOT_AS_DESCRIBED = 'NOT_AS_DESCRIBED',
  WRONG_ITEM = 'WRONG_ITEM',
  CHANGED_MIND = 'CHANGED_MIND',
  OTHER = 'OTHER',
}
registerEnumType(ReturnReason, {
  name: 'ReturnReason',
  description: 'Why a customer returns units; engraved and made-to-measure lines only as FAULTY',
  valuesConfig: {
    FAULTY: { description: 'Faulty: a defect of the knife or its engraving' },
    DAMAGED_IN_TRANSIT: { description: 'Arrived damaged' },
    NOT_AS_DESCRIBED: { description: 'Not as described' },
    WRONG_ITEM: { description: 'Not what was ordered' },
    CHANGED_MIND: { description: 'No longer wanted' },
    OTHER: { description: 'Another reason, in the text' },
  },
});

/** Reasons that say the knife itself is at fault: the only ones an engraved or made-to-measure line comes back for. */
export const FAULT_REASONS: readonly ReturnReason[] = [ReturnReason.FAULTY, ReturnReason.DAMAGED_IN_TRANSIT, ReturnReason.WRONG_ITEM];

/** A customer's request to send back units of a delivered order, numbered RMA-<year>-<counter>. */
@ObjectType({ simpleResolvers: true, description: 'A return of units of a delivered order (an RMA)' })
@Entity('return_request')
@Check('CHK_return_request_state', `"state" IN ('Requested', 'Approved', 'Declined', 'Received', 'Refunded')`)
@Check(
  'CHK_return_request_reason',
  `"reason" IN ('FAULTY', 'DAMAGED_IN_TRANSIT', 'NOT_AS_DESCRIBED', 'WRONG_ITEM', 'CHANGED_MIND', 'OTHER')`,
)
@Index('IDX_return_request_state_created_at', ['state', 'createdAt'])
export class ReturnRequest {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_return_request' })
  id!: string;

  @Field(() => String, { description: 'Its RMA number (RMA-year-counter), from a gap-free sequence: the customer writes it on the parcel' })
  @Index('UQ_return_request_rma_number', { unique: true })
  @Column('varchar', { length: 60 })
  rmaNumber!: string;

  @Field(() => ID, { description: 'The order the units come from' })
  @Index('IDX_return_request_order')
  @Column('uuid')
  orderId!: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'FK_return_request_order' })
  order?: Order;

  /** The customer who asked (the order's); null once their account is erased. */
  @Index('IDX_return_request_customer')
  @Column('uuid', { nullable: true })
  customerId!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'customerId', foreignKeyConstraintName: 'FK_return_request_customer' })
  customer?: User | null;

  /** Written only by return-state-machine.ts. */
  @Field(() => ReturnState, { description: 'Where the return is' })
  @Column('varchar', { length: 20, default: ReturnState.Requested })
  state!: ReturnState;

  @Field(() => ReturnReason, { description: 'Why, from the list' })
  @Column('varchar', { length: 30 })
  reason!: ReturnReason;

  @Field(() => String, { nullable: true, description: "The customer's own words (at most 1,000 characters); null once erased" })
  @Column('text', { nullable: true })
  details!: string | null;

  @Field(() => String, { nullable: true, description: 'Why an admin declined it' })
  @Column('text', { nullable: true })
  declineReason!: string | null;

  @Field(() => ID, { nullable: true, description: 'The refund (credit note) it was refunded by' })
  @Column('uuid', { nullable: true })
  refundId!: string | null;

  @Field(() => Date, { description: 'When it was asked for (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was approved (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  approvedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was declined (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  declinedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When its units were received (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  receivedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was refunded (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  refundedAt!: Date | null;

  @OneToMany(() => ReturnLine, (line) => line.returnRequest)
  lines?: ReturnLine[];

  @OneToMany(() => ReturnPhoto, (photo) => photo.returnRequest)
  photos?: ReturnPhoto[];
}

/** Units of one order line a return sends back. */
@ObjectType({ simpleResolvers: true, description: 'Units of one order line in a return' })
@Entity('return_line')
@Check('CHK_return_line_quantity', `"quantity" > 0 AND ("receivedQuantity" IS NULL OR "receivedQuantity" BETWEEN 0 AND "quantity")`)
@Index('UQ_return_line_return_order_line', ['returnId', 'orderLineId'], { unique: true })
export class ReturnLine {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_return_line' })
  id!: string;

  @Column('uuid')
  returnId!: string;

  @ManyToOne(() => ReturnRequest, (request) => request.lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'returnId', foreignKeyConstraintName: 'FK_return_line_return' })
  returnRequest?: ReturnRequest;

  @Field(() => ID, { description: 'The order line' })
  @Index('IDX_return_line_order_line')
  @Column('uuid')
  orderLineId!: string;

  @ManyToOne(() => OrderLine, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderLineId', foreignKeyConstraintName: 'FK_return_line_order_line' })
  orderLine?: OrderLine;

  @Field(() => String, { description: 'The line as ordered ("Chef knife (18 cm / Walnut)")' })
  @Column('varchar', { length: 400 })
  name!: string;

  @Field(() => Int, { description: 'Units the customer sends back' })
  @Column('int')
  quantity!: number;

  @Field(() => Int, { nullable: true, description: 'Units that came back; null until received' })
  @Column('int', { nullable: true })
  receivedQuantity!: number | null;

  @Field(() => Boolean, { description: 'Whether the received units went back to stock' })
  @Column('boolean', { default: false })
  restock!: boolean;
}

/** One of a return's photos (at most 3), an upload kept while the return is. */
@Entity('return_photo')
export class ReturnPhoto {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_return_photo' })
  id!: string;

  @Index('IDX_return_photo_return')
  @Column('uuid')
  returnId!: string;

  @ManyToOne(() => ReturnRequest, (request) => request.photos, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'returnId', foreignKeyConstraintName: 'FK_return_photo_return' })
  returnRequest?: ReturnRequest;

  /** Its place among the return's photos, from 0. */
  @Column('smallint')
  position!: number;

  @Column('varchar', { length: 2000 })
  url!: string;
}
