import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { ReadsColumns } from '../../common/asked-fields';
import { ENGRAVING_COLUMN_NAMES, EngravingColumns, engravingSnapshot, OrderEngraving, Product } from '../catalog';
import { User } from '../users';
import { OrderLine } from './order-line.entity';
import { PostalAddress } from '../addresses';
import { bladedArticleNotice } from '@keen/rules';
import { BladeHandover } from '../compliance';

/** The old two-value status, derived from `state` for the REST layer and older clients. */
export enum OrderStatus {
  Pending = 'Pending',
  Shipped = 'Shipped',
}
registerEnumType(OrderStatus, {
  name: 'OrderStatus',
  description: 'The old two-value status, derived from state (use state)',
  valuesConfig: { Pending: { description: 'Not shipped (whatever its payment)' }, Shipped: { description: 'Shipped' } },
});

/** Where an order is in its life; order-state-machine.ts declares every move between these. */
/** What the card payment is for: the total less what gift cards paid (minor units). */
export const amountDue = (order: Pick<Order, 'totalAmount' | 'giftCardAmount'>) => order.totalAmount - (order.giftCardAmount ?? 0);

export enum OrderState {
  AwaitingPayment = 'AwaitingPayment',
  Paid = 'Paid',
  AwaitingProof = 'AwaitingProof',
  InProduction = 'InProduction',
  Shipped = 'Shipped',
  Delivered = 'Delivered',
  Cancelled = 'Cancelled',
  Expired = 'Expired',
  PartiallyRefunded = 'PartiallyRefunded',
  Refunded = 'Refunded',
}
registerEnumType(OrderState, {
  name: 'OrderState',
  description: 'Where an order is in its life',
  valuesConfig: {
    AwaitingPayment: { description: 'Placed; its units are held until it is paid or the hold runs out' },
    Paid: { description: 'Paid; waiting to be shipped' },
    AwaitingProof: {
      description: 'Paid, with an engraving whose product needs a proof: waiting for staff to send one and the customer to approve it',
    },
    InProduction: { description: 'Paid, and every engraving proof approved: being made; waiting to be shipped' },
    Shipped: { description: 'Sent to the customer' },
    Delivered: {
      description: 'Received by the customer (an admin said so, or DELIVERED_AFTER_DAYS passed after shipping); returns count from here',
    },
    Cancelled: { description: 'Cancelled before payment, or by an admin; its units went back to stock' },
    Expired: { description: 'Not paid within the hold; its units went back to stock' },
    PartiallyRefunded: { description: 'Paid, and part of the payment was returned (refunded lines, delivery or an amount)' },
    Refunded: { description: 'The payment was returned (a refund or a dispute)' },
  },
});

/** The states of an order whose payment stands, whole or in part: its sales count (net of refunds). */
export const PAID_STATES: readonly OrderState[] = [
  OrderState.Paid,
  OrderState.AwaitingProof,
  OrderState.InProduction,
  OrderState.Shipped,
  OrderState.Delivered,
  OrderState.PartiallyRefunded,
];

/** Paid and not shipped yet, whole: Paid, waiting for its engraving proofs, or being made. */
export const PAID_UNSHIPPED: readonly OrderState[] = [OrderState.Paid, OrderState.AwaitingProof, OrderState.InProduction];

/**
 * One purchase: one or more lines (order-line.entity.ts), one phone and address, one total, one
 * payment. The flat product fields (name, price, quantity, engraving...) are the first line's,
 * kept for the REST layer and older clients.
 */
@ObjectType({ simpleResolvers: true, description: 'One purchase: its lines, delivery details, total and payment' })
@Entity('order')
@Index('IDX_order_email_created_at', ['email', 'createdAt'])
@Index('IDX_order_state_created_at', ['state', 'createdAt'])
@Index('IDX_order_customer_state', ['customerId', 'state'])
@Index('IDX_order_guest_email_state', ['guestEmail', 'state'], { where: '"guestEmail" IS NOT NULL' })
@Index('IDX_order_guest_client_state', ['guestClientAddress', 'state'], { where: '"guestClientAddress" IS NOT NULL' })
@Index('UQ_order_guest_age_check', ['ageCheckId'], { unique: true, where: '"guestEmail" IS NOT NULL' })
@Check('CHK_order_owner', `"customerId" IS NOT NULL OR ("guestEmail" IS NOT NULL AND "guestTokenHash" IS NOT NULL)`)
@Check('CHK_order_amounts', `"subtotalAmount" >= 0 AND "shippingAmount" >= 0 AND "taxAmount" >= 0 AND "totalAmount" >= 0`)
export class Order extends EngravingColumns {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_order' })
  id!: string;

  @Field(() => String, { description: "The customer's name" })
  @Column('varchar', { length: 120 })
  userName!: string;

  @Field(() => String, { description: 'The phone number given for delivery' })
  @Column('varchar', { length: 40 })
  phone!: string;

  @Field(() => String, { description: 'The delivery address' })
  @Column('varchar', { length: 500 })
  address!: string;

  @Field(() => String, { description: "The first line's product name", deprecationReason: 'Use lines' })
  @Column('varchar', { length: 120 })
  name!: string;

  @Field(() => String, { description: "The customer's e-mail" })
  @Column('varchar', { length: 254 })
  email!: string;

  @Field(() => String, { description: "The first line's product description", deprecationReason: 'Use lines' })
  @Column('text')
  description!: string;

  /** The first line's unit price in minor units (GraphQL: the whole `price`, deprecated). */
  @Column('int')
  priceAmount!: number;

  @Field(() => String, { description: 'ISO 4217: the currency the order was priced and paid in' })
  @Column('char', { length: 3 })
  currency!: string;

  /** The lines' amounts together, in minor units. */
  @Column('int')
  subtotalAmount!: number;

  /** Every adjustment of its price together (OrderAdjustment), in minor units: negative lowers it. */
  @Column('int', { default: 0 })
  adjustmentAmount!: number;

  /** The discount code's part of adjustmentAmount, in minor units (negative); 0 without a code. */
  @Column('int', { default: 0 })
  discountAmount!: number;

  @Field(() => String, { nullable: true, description: 'The discount code the order used, as the shop spells it; null without one' })
  @Column('varchar', { length: 40, nullable: true })
  discountCode!: string | null;

  @Column('int', { default: 0 })
  shippingAmount!: number;

  /** What gift cards paid of totalAmount, in minor units (their ledger's redeem rows); the card payment is for the rest. */
  @Column('int', { default: 0 })
  giftCardAmount!: number;

  /** The tax in the order: part of the subtotal when prices include tax, added to it otherwise. */
  @Column('int', { default: 0 })
  taxAmount!: number;

  /** Stripe Tax's calculation the tax came from (TAX_PROVIDER=stripe); null with Keen's rates. */
  @Column('varchar', { length: 255, nullable: true })
  taxCalculationId!: string | null;

  /** Stripe Tax's transaction recorded from the calculation once the order was paid; null until then, or with Keen's rates. */
  @Column('varchar', { length: 255, nullable: true })
  taxTransactionId!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The business buyer's VAT number (EU and UK), upper case without spaces, as it is on the invoice; null without one",
  })
  @Column('varchar', { length: 20, nullable: true })
  vatNumber!: string | null;

  @Field(() => Boolean, {
    description: 'No VAT was charged: a business buyer in another EU country, under the reverse charge (VAT_REVERSE_CHARGE)',
  })
  @Column('boolean', { default: false })
  vatReverseCharge!: boolean;

  /** The delivery method chosen (null before shipping zones, or for a shop without them); kept by name too. */
  @Column('uuid', { nullable: true })
  shippingMethodId!: string | null;

  @Field(() => String, { nullable: true, description: 'The delivery method, as it was named when ordered' })
  @Column('varchar', { length: 60, nullable: true })
  shippingMethodName!: string | null;

  @Field(() => PostalAddress, {
    nullable: true,
    description: 'Where it ships, as given when ordered (null for an order given only the address text)',
  })
  @Column('jsonb', { nullable: true })
  shippingAddress!: PostalAddress | null;

  @Field(() => String, {
    nullable: true,
    description: 'The gift message the buyer wrote: printed on the gift slip, never beside a price; null without one',
  })
  @Column('text', { nullable: true })
  giftMessage!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The buyer's note to the workshop: on the engraving sheet and the order in the dashboard, never in a mail; null without one",
  })
  @Column('text', { nullable: true })
  workshopNote!: string | null;

  @Field(() => Date, {
    nullable: true,
    description:
      "A private quote's deadline (QUOTE_HOLD_DAYS after it was made): unpaid by then, it expires; null for an order placed at checkout",
  })
  @Column('timestamptz', { nullable: true })
  holdEndsAt!: Date | null;

  /** The ship window promised when it was placed (GraphQL: shipBy), calendar dates; null for an order with nothing to ship. */
  @Column('date', { nullable: true })
  shipByEarliest!: string | null;

  @Index('IDX_order_ship_by_latest')
  @Column('date', { nullable: true })
  shipByLatest!: string | null;

  /** When staff and the customer were told it missed its latest date unshipped (the workshop's overdue job); null until then. */
  @Column('timestamptz', { nullable: true })
  lateNoticeAt!: Date | null;

  /** What the customer pays, in minor units: the payment intent's amount. GraphQL: `totals` and the whole `totalPrice`. */
  @Column('int')
  totalAmount!: number;

  @Field(() => Int, { description: "The first line's quantity", deprecationReason: 'Use lines' })
  @Column('int')
  quantity!: number;

  @Field(() => Int, { description: "The first line's product minimum quantity", deprecationReason: 'Use lines' })
  @Column('int')
  minimumQuantity!: number;

  @Field(() => String, { description: "The first line's product photo", deprecationReason: 'Use lines' })
  @Column('varchar', { length: 2000 })
  img!: string;

  /** Loaded only where asked for (relations: { lines: true }, OrdersService.withLines, or with a list page), in position order. */
  @OneToMany(() => OrderLine, (line) => line.order)
  lines?: OrderLine[];

  /** Written only by order-state-machine.ts. Its PostgreSQL type is order_state_enum, TypeORM's default name here. */
  @Field(() => OrderState, { description: 'Where the order is in its life' })
  @Column('enum', { enum: OrderState, default: OrderState.AwaitingPayment })
  state!: OrderState;

  @ReadsColumns(...ENGRAVING_COLUMN_NAMES)
  @Field(() => OrderEngraving, { nullable: true, description: "The first line's engraving", deprecationReason: 'Use lines' })
  get engraving(): OrderEngraving | null {
    return engravingSnapshot(this, this.currency);
  }

  @ReadsColumns('shippedAt')
  @Field(() => OrderStatus, { description: 'Derived from state: Shipped once shipped, otherwise Pending' })
  get status(): OrderStatus {
    return this.shippedAt ? OrderStatus.Shipped : OrderStatus.Pending;
  }

  @ReadsColumns('state')
  @Field(() => Boolean, {
    description: 'Derived from state: true while Paid, AwaitingProof, InProduction, Shipped, Delivered or PartiallyRefunded',
  })
  get paid(): boolean {
    return PAID_STATES.includes(this.state);
  }

  @Field(() => String, {
    nullable: true,
    description: 'Its invoice number (INVOICE_PREFIX-year-counter), given at payment from a gap-free sequence; null before payment',
  })
  @Index('UQ_order_invoice_number', { unique: true })
  @Column('varchar', { length: 60, nullable: true })
  invoiceNumber!: string | null;

  /** What its refunds returned so far, in minor units (the whole total once Refunded). GraphQL: `totals.refunded`. */
  @Column('int', { default: 0 })
  refundedAmount!: number;

  @Field(() => Date, { nullable: true, description: 'When it was paid (ISO 8601)' })
  @Index('IDX_order_paid_at')
  @Column('timestamptz', { nullable: true })
  paidAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was shipped (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  shippedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was delivered (ISO 8601): its return window counts from here' })
  @Column('timestamptz', { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was cancelled (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When its hold ran out (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  expiredAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When its payment was returned (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  refundedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "The payment provider's id for the confirmed payment" })
  @Column('varchar', { length: 255, nullable: true })
  transactionId!: string | null;

  @Field(() => String, { nullable: true, description: 'The carrier the admin named when shipping' })
  @Column('varchar', { length: 60, nullable: true })
  trackingCarrier!: string | null;

  @Field(() => String, { nullable: true, description: 'The tracking number the admin gave when shipping' })
  @Column('varchar', { length: 100, nullable: true })
  trackingNumber!: string | null;

  /** Where it ships (ISO 3166-1 alpha-2): the address's country, or the one its address text names; null before it was kept. */
  @Field(() => String, {
    nullable: true,
    description:
      "Where it ships (ISO 3166-1 alpha-2): the shipping address's country, or the one the address text names; it decides the blade rules, tax and delivery",
  })
  @Column('char', { length: 2, nullable: true })
  destinationCountry!: string | null;

  @Field(() => Boolean, {
    description: 'A line is an age-restricted product (a bladed article): checked for age, marked and handed to an adult',
  })
  @Column('boolean', { default: false })
  ageRestricted!: boolean;

  @Field(() => Int, {
    nullable: true,
    description: "An age-restricted order's minimum age: the destination's, or a product's own when higher",
  })
  @Column('int', { nullable: true })
  minimumAge!: number | null;

  @Field(() => BladeHandover, {
    nullable: true,
    description: "How an age-restricted order's parcel is handed over, by its destination's rule when placed",
  })
  @Column('varchar', { length: 20, nullable: true })
  deliveryHandover!: BladeHandover | null;

  /** The passed age check an age-restricted order relied on (a row of the evidence log; no foreign key: the log is pruned on its own). */
  @Column('uuid', { nullable: true })
  ageCheckId!: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether it was shipped with an age-verified delivery service (null before shipping)',
  })
  @Column('boolean', { nullable: true })
  ageVerifiedDelivery!: boolean | null;

  @ReadsColumns('ageRestricted', 'minimumAge')
  @Field(() => String, {
    nullable: true,
    description: 'For an age-restricted order: what its packing slip and engraving sheet say in large type; null otherwise',
  })
  get parcelNotice(): string | null {
    return this.ageRestricted && this.minimumAge !== null ? bladedArticleNotice(this.minimumAge) : null;
  }

  /** The order's one payment intent at the provider; not shown to clients. */
  @Index('UQ_order_payment_intent', { unique: true })
  @Column('varchar', { length: 255, nullable: true })
  paymentIntentId!: string | null;

  @Index('IDX_order_product')
  @Column('uuid', { nullable: true })
  productId!: string | null;

  @ManyToOne(() => Product, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'FK_order_product' })
  product?: Product | null;

  /** The account it belongs to; null for a guest order until an account of its e-mail claims it. */
  @Column('uuid', { nullable: true })
  customerId!: string | null;

  /** A guest order's e-mail address (lower case), kept once claimed: it was placed as a guest. Null for an account's order. */
  @Column('varchar', { length: 254, nullable: true })
  guestEmail!: string | null;

  /** SHA-256 (hex) of a guest order's link token (guest-links.ts); the token itself is never stored. */
  @Column('varchar', { length: 64, nullable: true })
  guestTokenHash!: string | null;

  /** The client address a guest order was placed from, for the guest limits; never shown. */
  @Column('varchar', { length: 64, nullable: true })
  guestClientAddress!: string | null;

  @Field(() => Date, { nullable: true, description: 'When an account with its verified e-mail claimed this guest order' })
  @Column('timestamptz', { nullable: true })
  claimedAt!: Date | null;

  @ReadsColumns('guestEmail')
  @Field(() => Boolean, { description: 'Placed signed out, by a guest (its e-mail is not verified by an account until claimed)' })
  get guest(): boolean {
    return this.guestEmail !== null && this.guestEmail !== undefined;
  }

  /** Set only where the caller proved or was just given it: placeOrder's answer to a guest, and order(id, token). */
  @Field(() => String, {
    nullable: true,
    description:
      "A guest order's link token (the order page is /orders/{id}?token=...): answered to the guest who placed it and to its link's holder; null otherwise",
  })
  guestToken?: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customerId', foreignKeyConstraintName: 'FK_order_customer' })
  customer?: User;

  @Field(() => Date, { description: 'When it was made (ISO 8601)' })
  @Index('IDX_order_created_at')
  @CreatedAtColumn()
  createdAt!: Date;

  @Field(() => Date, { description: 'When it last changed (ISO 8601)' })
  @UpdatedAtColumn()
  updatedAt!: Date;
}
