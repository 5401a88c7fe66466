import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { OrderEngraving } from '../catalog/engraving';
import { Product } from '../catalog/product.entity';
import { User } from '../users/user.entity';

export enum OrderStatus {
  Pending = 'Pending',
  Shipped = 'Shipped',
}
registerEnumType(OrderStatus, { name: 'OrderStatus' });

/**
 * One purchase of one product. Product details are copied at order time, so the order
 * reads the same after the product changes or is deleted.
 */
@ObjectType()
@Entity('order')
@Index('IDX_order_email_created_at', ['email', 'createdAt'])
export class Order {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_order' })
  id!: string;

  @Field(() => String, { description: "The customer's name" })
  @Column('varchar', { length: 120 })
  userName!: string;

  @Field(() => String)
  @Column('varchar', { length: 40 })
  phone!: string;

  @Field(() => String)
  @Column('varchar', { length: 500 })
  address!: string;

  @Field(() => String, { description: 'The product name' })
  @Column('varchar', { length: 120 })
  name!: string;

  @Field(() => String, { description: "The customer's e-mail" })
  @Column('varchar', { length: 254 })
  email!: string;

  @Field(() => String)
  @Column('text')
  description!: string;

  @Field(() => Int, { description: 'Unit price in whole dollars, as it was when ordered' })
  @Column('int')
  price!: number;

  @Field(() => Int, { description: 'quantity times (price plus the engraving surcharge)' })
  @Column('int')
  totalPrice!: number;

  @Field(() => Int)
  @Column('int')
  quantity!: number;

  @Field(() => Int)
  @Column('int')
  minimumQuantity!: number;

  @Field(() => String)
  @Column('varchar', { length: 2000 })
  img!: string;

  /** Engraving snapshot (null when not engraved): the product's rules may change later, the order does not. */
  @Column('varchar', { length: 40, nullable: true })
  engravingText!: string | null;

  @Column('varchar', { length: 20, nullable: true })
  engravingFont!: string | null;

  @Column('int', { nullable: true })
  engravingUnitPrice!: number | null;

  @Field(() => OrderEngraving, { nullable: true, description: 'Text and font to engrave on every unit, and the unit surcharge' })
  get engraving(): OrderEngraving | null {
    return this.engravingText === null || this.engravingText === undefined
      ? null
      : { text: this.engravingText, font: this.engravingFont ?? '', unitPrice: this.engravingUnitPrice ?? 0 };
  }

  @Field(() => OrderStatus)
  @Column('varchar', { length: 20, default: OrderStatus.Pending })
  status!: OrderStatus;

  @Field(() => Boolean)
  @Column('boolean', { default: false })
  paid!: boolean;

  @Field(() => String, { nullable: true, description: "The payment provider's id for the confirmed payment" })
  @Column('varchar', { length: 255, nullable: true })
  transactionId!: string | null;

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

  @Index('IDX_order_customer')
  @Column('uuid')
  customerId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customerId', foreignKeyConstraintName: 'FK_order_customer' })
  customer?: User;

  @Field(() => Date)
  @Index('IDX_order_created_at')
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Field(() => Date)
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
