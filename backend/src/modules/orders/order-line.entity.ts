import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ReadsColumns } from '../../common/asked-fields';
import { ENGRAVING_COLUMN_NAMES, EngravingColumns, engravingSnapshot, OrderEngraving, Product, ProductVariantRow } from '../catalog';

/** A gift-card line's delivery: each unit becomes a card mailed to the recipient (the buyer without one) once paid, or at sendAt. */
@ObjectType({ simpleResolvers: true, description: "A gift-card line's recipient, message and sending date" })
export class OrderLineGiftCard {
  @Field(() => String, { nullable: true, description: "Who receives the cards' codes; null: the buyer" })
  recipientEmail!: string | null;

  @Field(() => String, { nullable: true, description: "The buyer's message in the mail" })
  message!: string | null;

  @Field(() => String, { nullable: true, description: 'When the mail goes (ISO 8601); null: on payment' })
  sendAt!: string | null;
}

/**
 * One product of an order, copied when the order was placed: the line reads the same after the
 * product changes or is deleted. Lines never change after the order is placed.
 */
@ObjectType({ simpleResolvers: true, description: 'One product of an order, copied when the order was placed' })
@Entity('order_line')
@Index('UQ_order_line_position', ['orderId', 'position'], { unique: true })
@Check('CHK_order_line_queued', `"queuedQuantity" >= 0 AND "queuedQuantity" <= "quantity"`)
@Check('CHK_order_line_numbers', `"quantity" >= 1 AND "unitAmount" >= 0 AND "lineAmount" >= 0`)
@Check('CHK_order_line_adjusted', `"lineAmount" + "adjustmentAmount" >= 0`)
export class OrderLine extends EngravingColumns {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_order_line' })
  id!: string;

  @Column('uuid')
  orderId!: string;

  // The order is named, not imported: order.entity.ts imports this file for its lines.
  @ManyToOne('Order', 'lines', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'FK_order_line_order' })
  order?: { id: string };

  /** The line's place in the order, from 0; the first line fills the order's older flat fields. */
  @Column('int')
  position!: number;

  @Index('IDX_order_line_product')
  @Column('uuid', { nullable: true })
  productId!: string | null;

  @ManyToOne(() => Product, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'FK_order_line_product' })
  product?: Product | null;

  @Field(() => ID, { nullable: true, description: 'The variant ordered; null once it is gone' })
  @Index('IDX_order_line_variant')
  @Column('uuid', { nullable: true })
  variantId!: string | null;

  @ManyToOne(() => ProductVariantRow, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'variantId', foreignKeyConstraintName: 'FK_order_line_variant' })
  variant?: ProductVariantRow | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The variant as it was when ordered, "18 cm / Walnut", a measure included ("23.5 cm / Walnut"); null for a product without options',
  })
  @Column('varchar', { length: 200, nullable: true })
  variantName!: string | null;

  @Field(() => String, { nullable: true, description: "The variant's SKU when ordered" })
  @Column('varchar', { length: 64, nullable: true })
  sku!: string | null;

  @Field(() => Float, { nullable: true, description: 'The measure the buyer asked for, in the unit of its option group; null when none' })
  @Column('double precision', { nullable: true })
  customValue!: number | null;

  @Field(() => String, { description: 'The product name, as it was when ordered' })
  @Column('varchar', { length: 120 })
  name!: string;

  @Field(() => String, { description: 'The product photo, as it was when ordered' })
  @Column('varchar', { length: 2000 })
  img!: string;

  @Field(() => Int, { description: 'Units ordered' })
  @Column('int')
  quantity!: number;

  @Field(() => Int, { description: 'Units of it refunded so far (by partial refunds, or all of them once the order is Refunded)' })
  @Column('int', { default: 0 })
  refundedQuantity!: number;

  @Field(() => Int, {
    description: 'Units of it made to order: ordered beyond the finished stock, they joined the workshop queue (0 for units from stock)',
  })
  @Column('int', { default: 0 })
  queuedQuantity!: number;

  /** Units of it that went back to stock (a cancelled or expired order, a restocked refund): never twice. */
  @Column('int', { default: 0 })
  restockedQuantity!: number;

  /** ISO 4217: the currency of its amounts, the order's. */
  @Column('char', { length: 3 })
  currency!: string;

  /**
   * Unit price in minor units, as it was when ordered, without the engraving surcharge. GraphQL's
   * `unitAmount` is its Money and `unitPrice` its whole units (orders.resolver.ts).
   */
  @Column('int')
  unitAmount!: number;

  @ReadsColumns(...ENGRAVING_COLUMN_NAMES)
  @Field(() => OrderEngraving, {
    nullable: true,
    description: 'Text and font to engrave on every unit of this line, and the unit surcharge',
  })
  get engraving(): OrderEngraving | null {
    return engravingSnapshot(this, this.currency);
  }

  /** quantity times (unit amount plus the engraving surcharge), in minor units; GraphQL: `lineAmount` and `lineTotal`. */
  @Column('int')
  lineAmount!: number;

  /** Its share of the order's adjustments, in minor units (negative lowers it); its tax is on lineAmount plus this. */
  @Column('int', { default: 0 })
  adjustmentAmount!: number;

  /** Its share of the discount code's reduction, part of adjustmentAmount (negative; 0 without one). */
  @Column('int', { default: 0 })
  discountAmount!: number;

  /** The tax rate of its product's category in the destination zone, in thousandths of a percent (20000 is 20%, 8875 is 8.875%). */
  @Column('int', { default: 0 })
  taxRateMilliPercent!: number;

  /** The tax in its adjusted amount (inclusive prices) or on it (exclusive), in minor units; GraphQL: `tax`. */
  @Column('int', { default: 0 })
  taxAmount!: number;

  @Field(() => OrderLineGiftCard, {
    nullable: true,
    description: 'A gift-card line: whom its cards go to, with what message, and when; null for any other line',
  })
  @Column('jsonb', { nullable: true })
  giftCard!: OrderLineGiftCard | null;

  /** Set when the order is paid (order-state-machine.ts's markProofLines): engraved, and its product needed a proof then. */
  @Field(() => Boolean, {
    description: 'Engraved, and its product needed a proof when the order was paid: the customer approves a proof before it is made',
  })
  @Column('boolean', { default: false })
  proofRequired!: boolean;

  /** Its latest proof's status (ProofStatus: Open, ChangesRequested, Approved), kept by the proofs module; null before the first. */
  @Column('varchar', { length: 20, nullable: true })
  proofStatus!: string | null;
}
