import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Order } from '../orders';

export enum DiscountKind {
  PERCENT = 'PERCENT',
  AMOUNT = 'AMOUNT',
  FREE_SHIPPING = 'FREE_SHIPPING',
}
registerEnumType(DiscountKind, {
  name: 'DiscountKind',
  description: 'What a discount code takes off',
  valuesConfig: {
    PERCENT: { description: 'A percentage (value, 1 to 100) of the lines it applies to' },
    AMOUNT: { description: 'An amount (value, minor units) off the lines it applies to, never more than they come to' },
    FREE_SHIPPING: { description: "Delivery's whole price" },
  },
});

export enum DiscountScope {
  ORDER = 'ORDER',
  PRODUCTS = 'PRODUCTS',
  COLLECTIONS = 'COLLECTIONS',
}
registerEnumType(DiscountScope, {
  name: 'DiscountScope',
  description: 'Which lines a discount code applies to',
  valuesConfig: {
    ORDER: { description: 'Every line' },
    PRODUCTS: { description: 'The lines of productIds' },
    COLLECTIONS: { description: 'The lines of products in collectionIds' },
  },
});

/** A discount code as staff set it up; `timesUsed` counts the unpaid and paid orders that hold a use of it. */
@ObjectType({ simpleResolvers: true, description: 'A discount code shoppers enter at checkout' })
@Entity('discount')
@Index('UQ_discount_code', { synchronize: false }) // unique on lower(code): see the Discounts migration
@Check('CHK_discount_used', `"timesUsed" >= 0 AND ("usageLimit" IS NULL OR "timesUsed" <= "usageLimit")`)
export class Discount {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_discount' })
  id!: string;

  @Field(() => String, { description: 'What shoppers type, matched whatever the case; unique in the shop' })
  @Column('varchar', { length: 40 })
  code!: string;

  @Field(() => DiscountKind, { description: 'What it takes off' })
  @Column('varchar', { length: 20 })
  kind!: DiscountKind;

  @Field(() => Int, { description: 'PERCENT: the percentage (1 to 100); AMOUNT: minor units of the shop currency; FREE_SHIPPING: 0' })
  @Column('int', { default: 0 })
  value!: number;

  @Field(() => DiscountScope, { description: 'Which lines it applies to (FREE_SHIPPING: which lines the order needs)' })
  @Column('varchar', { length: 20 })
  appliesTo!: DiscountScope;

  @Field(() => [ID], { description: 'PRODUCTS: the products it applies to' })
  @Column('uuid', { array: true, default: () => "'{}'" })
  productIds!: string[];

  @Field(() => [ID], { description: 'COLLECTIONS: the collections whose products it applies to' })
  @Column('uuid', { array: true, default: () => "'{}'" })
  collectionIds!: string[];

  /** Minor units of the shop currency; GraphQL: `minimumSubtotal`. */
  @Column('int', { nullable: true })
  minimumSubtotalAmount!: number | null;

  @Field(() => Date, { nullable: true, description: 'Valid from (ISO 8601); null: from its creation' })
  @Column('timestamptz', { nullable: true })
  startsAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'Expires at (ISO 8601); null: never' })
  @Column('timestamptz', { nullable: true })
  endsAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'How many orders may use it; null: no limit' })
  @Column('int', { nullable: true })
  usageLimit!: number | null;

  @Field(() => Boolean, { description: 'Each customer may use it on one order (a cancelled or expired one gives it back)' })
  @Column('boolean', { default: false })
  oncePerCustomer!: boolean;

  @Field(() => Boolean, { description: 'A disabled code is refused as unknown' })
  @Column('boolean', { default: true })
  enabled!: boolean;

  @Field(() => Int, { description: 'Unpaid and paid orders holding a use; a cancelled or expired order gives its use back' })
  @Column('int', { default: 0 })
  timesUsed!: number;

  @Field(() => Date, { description: 'When it was created (ISO 8601)' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

/** An order's use of a code: counted in `timesUsed` until the order is cancelled or expires (`releasedAt`). */
@Entity('discount_use')
@Index('IDX_discount_use_customer', ['discountId', 'customerId'], { where: '"releasedAt" IS NULL' })
export class DiscountUse {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_discount_use' })
  orderId!: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'FK_discount_use_order' })
  order?: Order;

  @Column('uuid')
  discountId!: string;

  @ManyToOne(() => Discount, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'discountId', foreignKeyConstraintName: 'FK_discount_use_discount' })
  discount?: Discount;

  @Column('uuid')
  customerId!: string;

  @Column('timestamptz', { nullable: true })
  releasedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
