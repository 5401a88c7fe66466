import { formatGiftCardCode, giftCardLastFour } from '@keen/rules';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { Order } from '../orders';

/** What changed a gift card's balance. */
export enum GiftCardEntryKind {
  issue = 'issue',
  redeem = 'redeem',
  refund = 'refund',
  adjustment = 'adjustment',
}
registerEnumType(GiftCardEntryKind, {
  name: 'GiftCardEntryKind',
  description: "What changed a gift card's balance",
  valuesConfig: {
    issue: { description: 'The card was issued (paid for, or by staff by hand): its initial amount' },
    redeem: { description: 'An order spent from it (negative)' },
    refund: { description: 'A cancelled, expired or refunded order gave back what it spent' },
    adjustment: { description: 'Staff changed the balance, with a reason' },
  },
});

/**
 * A gift card: a code worth its ledger's sum. Issued for each paid gift-card line unit (orderLineId
 * and unit say which) or by staff by hand; spent at checkout as a tender, after discounts.
 */
@ObjectType({ simpleResolvers: true, description: 'A gift card (staff see its whole code and ledger)' })
@Entity('gift_card')
@Index('UQ_gift_card_code', ['code'], { unique: true })
@Index('UQ_gift_card_line_unit', ['orderLineId', 'unit'], { unique: true, where: '"orderLineId" IS NOT NULL' })
@Index('IDX_gift_card_order', ['orderId'], { where: '"orderId" IS NOT NULL' })
@Check('CHK_gift_card_amount', `"initialAmount" > 0`)
export class GiftCard {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_gift_card' })
  id!: string;

  /** 16 characters of GIFT_CARD_ALPHABET; never logged, never in an event. */
  @Column('varchar', { length: 16 })
  code!: string;

  @Field(() => String, { name: 'code', description: 'The whole code, in groups of four (ABCD-EFGH-JKLM-NPQR)' })
  get formattedCode(): string {
    return formatGiftCardCode(this.code);
  }

  @Field(() => String, { description: 'What a receipt shows of the code: its last four characters' })
  get lastFour(): string {
    return giftCardLastFour(this.code);
  }

  /** Minor units of `currency`. */
  @Column('int')
  initialAmount!: number;

  @Field(() => String, { description: 'ISO 4217' })
  @Column('char', { length: 3 })
  currency!: string;

  @Field(() => Date, { nullable: true, description: 'After this (ISO 8601) it pays nothing; null: never' })
  @Column('timestamptz', { nullable: true })
  expiresAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'Who its code was mailed to; null: the buyer, or nobody for a card issued by hand without one',
  })
  @Column('varchar', { length: 254, nullable: true })
  recipientEmail!: string | null;

  @Field(() => String, { nullable: true, description: "The buyer's message" })
  @Column('varchar', { length: 500, nullable: true })
  message!: string | null;

  @Field(() => Date, { nullable: true, description: 'When its mail is due (ISO 8601); null: at once' })
  @Column('timestamptz', { nullable: true })
  sendAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When its mail went (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  sentAt!: Date | null;

  @Field(() => Boolean, { description: 'A disabled card pays nothing and looks unknown to shoppers' })
  @Column('boolean', { default: false })
  disabled!: boolean;

  @Field(() => ID, { nullable: true, description: 'The order that bought it; null for a card issued by hand' })
  @Column('uuid', { nullable: true })
  orderId!: string | null;

  @ManyToOne(() => Order, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'FK_gift_card_order' })
  order?: Order;

  @Column('uuid', { nullable: true })
  orderLineId!: string | null;

  /** Which unit of its line (0 for the first). */
  @Column('int', { nullable: true })
  unit!: number | null;

  @Field(() => Date, { description: 'When it was issued (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}

/** One change of a card's balance; the balance is the sum of its rows. An order's redeem of a card is one row, and so is its refund (or each partial refund's). */
@ObjectType({ simpleResolvers: true, description: "One change of a gift card's balance" })
@Entity('gift_card_ledger')
@Index('IDX_gift_card_ledger_card', ['giftCardId'])
@Index('UQ_gift_card_ledger_order', ['orderId', 'giftCardId', 'kind'], {
  unique: true,
  where: '"orderId" IS NOT NULL AND "refundId" IS NULL',
})
@Index('UQ_gift_card_ledger_refund', ['refundId', 'giftCardId'], { unique: true, where: '"refundId" IS NOT NULL' })
@Check('CHK_gift_card_ledger_kind', `"kind" IN ('issue', 'redeem', 'refund', 'adjustment')`)
export class GiftCardLedgerEntry {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_gift_card_ledger' })
  id!: string;

  @Column('uuid')
  giftCardId!: string;

  @ManyToOne(() => GiftCard, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'giftCardId', foreignKeyConstraintName: 'FK_gift_card_ledger_card' })
  giftCard?: GiftCard;

  @Field(() => GiftCardEntryKind, { description: 'What changed the balance' })
  @Column('varchar', { length: 20 })
  kind!: GiftCardEntryKind;

  /** Minor units of the card's currency: positive adds to the balance. */
  @Column('int')
  amount!: number;

  @Field(() => ID, { nullable: true, description: 'The order it paid, gave back to, or bought the card' })
  @Column('uuid', { nullable: true })
  orderId!: string | null;

  @ManyToOne(() => Order, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'FK_gift_card_ledger_order' })
  order?: Order;

  /** The partial refund of the order that gave this back (invoicing's refund; no foreign key: gift cards do not know that module). */
  @Column('uuid', { nullable: true })
  refundId!: string | null;

  @Field(() => String, { nullable: true, description: 'Why (an issue by hand, an adjustment)' })
  @Column('varchar', { length: 500, nullable: true })
  reason!: string | null;

  @Field(() => String, { nullable: true, description: 'Who (an admin e-mail or an API key name) for a change by hand' })
  @Column('varchar', { length: 254, nullable: true })
  createdBy!: string | null;

  @Field(() => Date, { description: 'When (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;
}
