import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';
import { Order } from '../orders';

/** One order line's part of a refund, as it was refunded (kept in the refund's row). GraphQL's amounts: invoicing.resolver.ts. */
@ObjectType({ simpleResolvers: true, description: "One order line's part of a refund" })
export class RefundLine {
  @Field(() => ID, { description: 'The order line' })
  lineId!: string;

  @Field(() => String, { description: 'What the line was, as ordered ("Chef knife / Walnut")' })
  name!: string;

  @Field(() => Int, { description: 'Units refunded' })
  quantity!: number;

  @Field(() => Int, { description: 'Of those, the units returned to stock' })
  restocked!: number;

  /** What the units cost, their share of adjustments and (exclusive prices) tax included: minor units. */
  amount!: number;

  /** The tax in `amount`, minor units. */
  taxAmount!: number;

  /** The line's tax rate, thousandths of a percent (8875 is 8.875%). */
  taxRateMilliPercent!: number;

  /** ISO 4217: the order's. */
  currency!: string;
}

/**
 * A refund of a paid order: some lines' units, the delivery price, an amount with a reason, or all
 * of them; numbered with a credit note from its own gap-free sequence. What gift cards paid goes
 * back to them first, the rest to the card payment. GraphQL's amounts: invoicing.resolver.ts.
 */
@ObjectType({ simpleResolvers: true, description: 'A refund of part or all of a paid order, with its credit note' })
@Entity('refund')
@Index('IDX_refund_order', ['orderId', 'createdAt'])
@Check(
  'CHK_refund_amounts',
  `"amount" > 0 AND "shippingAmount" >= 0 AND "extraAmount" >= 0 AND "giftCardAmount" >= 0 AND "cardAmount" >= 0 AND "giftCardAmount" + "cardAmount" = "amount"`,
)
export class Refund {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_refund' })
  id!: string;

  @Field(() => ID, { description: 'The refunded order' })
  @Column('uuid')
  orderId!: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'FK_refund_order' })
  order?: Order;

  @Field(() => String, { description: 'Its credit note number (CREDIT_NOTE_PREFIX-year-counter), from a gap-free sequence' })
  @Index('UQ_refund_credit_note_number', { unique: true })
  @Column('varchar', { length: 60 })
  creditNoteNumber!: string;

  /** ISO 4217: the order's. */
  @Column('char', { length: 3 })
  currency!: string;

  /** Everything refunded, minor units: the lines, delivery and the extra amount. */
  @Column('int')
  amount!: number;

  /** Delivery's price refunded (its tax included), minor units; 0 when delivery was kept. */
  @Column('int', { default: 0 })
  shippingAmount!: number;

  /** The tax in `shippingAmount`. */
  @Column('int', { default: 0 })
  shippingTaxAmount!: number;

  /** An amount refunded beyond lines and delivery (a goodwill gesture, a price match), minor units. */
  @Column('int', { default: 0 })
  extraAmount!: number;

  @Field(() => String, { nullable: true, description: 'Why: required with an extra amount' })
  @Column('varchar', { length: 500, nullable: true })
  reason!: string | null;

  /** The tax in `amount`, the lines' and delivery's. */
  @Column('int', { default: 0 })
  taxAmount!: number;

  /** What went back to the gift cards that paid the order (first), minor units. */
  @Column('int', { default: 0 })
  giftCardAmount!: number;

  /** What went back to the card payment, minor units. */
  @Column('int', { default: 0 })
  cardAmount!: number;

  /** The provider's refund (none when gift cards took it all); not shown to clients. */
  @Column('varchar', { length: 255, nullable: true })
  providerRefundId!: string | null;

  /**
   * Stripe Tax's reversal of the order's tax transaction for this refund (`tax_…`), recorded after
   * the refund commits (the `tax-reversal` follow-up); null until then, and for orders Keen's rates taxed.
   */
  @Column('varchar', { length: 255, nullable: true })
  taxReversalId!: string | null;

  @Field(() => [RefundLine], { description: 'The lines refunded, in the order of the order' })
  @Column('jsonb', { default: () => "'[]'" })
  lines!: RefundLine[];

  @Field(() => String, { description: 'Who refunded: an admin e-mail, an API key, or the payment provider' })
  @Column('varchar', { length: 254 })
  createdBy!: string;

  @Field(() => Date, { description: 'When (ISO 8601): the date of the credit note' })
  @CreatedAtColumn()
  createdAt!: Date;

  /** Not stored: the guest order's link token it was read by, which downloads its credit note too. */
  guestToken?: string | null;
}
