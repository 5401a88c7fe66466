import type { VariantLeadTimeMode } from '@keen/rules';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { Product } from './product.entity';

/** One way a product varies, for example "Blade length", with its values in the order shoppers see them. */
@Entity('product_option_group')
@Index('UQ_product_option_group_name', { synchronize: false }) // unique on ("productId", lower(name)): see the ProductVariants migration
@Check(
  'CHK_product_option_group_custom',
  `"customLabel" IS NULL OR ("customMin" > 0 AND "customMax" >= "customMin" AND "customSurchargeAmount" >= 0)`,
)
export class ProductOptionGroupRow {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_product_option_group' })
  id!: string;

  @Index('IDX_product_option_group_product')
  @Column('uuid')
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'FK_product_option_group_product' })
  product?: Product;

  @Column('varchar', { length: 40 })
  name!: string;

  @Column('int')
  position!: number;

  @Column('varchar', { length: 40, nullable: true })
  customLabel!: string | null;

  @Column('double precision', { nullable: true })
  customMin!: number | null;

  @Column('double precision', { nullable: true })
  customMax!: number | null;

  @Column('varchar', { length: 12, nullable: true })
  customUnit!: string | null;

  /** Added to each unit made to measure, in minor units. */
  @Column('int', { nullable: true })
  customSurchargeAmount!: number | null;
}

@Entity('product_option_value')
@Index('UQ_product_option_value_name', { synchronize: false }) // unique on ("groupId", lower(name)): see the ProductVariants migration
export class ProductOptionValueRow {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_product_option_value' })
  id!: string;

  @Index('IDX_product_option_value_group')
  @Column('uuid')
  groupId!: string;

  @ManyToOne(() => ProductOptionGroupRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'groupId', foreignKeyConstraintName: 'FK_product_option_value_group' })
  group?: ProductOptionGroupRow;

  @Column('varchar', { length: 40 })
  name!: string;

  @Column('int')
  position!: number;

  /** The group's made-to-measure value: its variants take a number from the buyer. */
  @Column('boolean', { default: false })
  custom!: boolean;
}

/**
 * One combination of a product's option values that the shop sells: its own SKU, price, stock and
 * photo. A product without options has exactly one, with no options and an empty name.
 */
@Entity('product_variant')
@Index('UQ_product_variant_sku', { synchronize: false }) // unique on lower(sku): see the ProductVariants migration
@Check('CHK_product_variant_numbers', `"priceAmount" >= 1 AND "quantity" >= 0`)
@Check('CHK_product_variant_weight', `"weightGrams" IS NULL OR "weightGrams" >= 0`)
@Check(
  'CHK_product_variant_lead_time',
  `("leadTimeMode" IN ('INHERIT', 'IN_STOCK') AND "madeToOrderMinDays" IS NULL AND "madeToOrderMaxDays" IS NULL) OR ("leadTimeMode" = 'MADE_TO_ORDER' AND "madeToOrderMinDays" >= 1 AND "madeToOrderMaxDays" >= "madeToOrderMinDays")`,
)
export class ProductVariantRow {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_product_variant' })
  id!: string;

  @Index('IDX_product_variant_product')
  @Column('uuid')
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'FK_product_variant_product' })
  product?: Product;

  @Column('varchar', { length: 64 })
  sku!: string;

  /** Its values in group order, "18 cm / Walnut"; kept when a disabled variant loses its options. */
  @Column('varchar', { length: 200 })
  name!: string;

  /** In minor units. */
  @Column('int')
  priceAmount!: number;

  @Column('int')
  quantity!: number;

  /** Its own weight in grams (a made-to-measure size weighs more); null: its product's. */
  @Column('int', { nullable: true })
  weightGrams!: number | null;

  /** INHERIT its product's lead time, MADE_TO_ORDER in its own days, or IN_STOCK (from stock only, whatever its product). */
  @Column('varchar', { length: 16, default: 'INHERIT' })
  leadTimeMode!: VariantLeadTimeMode;

  /** Made to order in its own days (leadTimeMode MADE_TO_ORDER only): the fewest working days to make one. */
  @Column('int', { nullable: true })
  madeToOrderMinDays!: number | null;

  /** Made to order in its own days: the most working days to make one. */
  @Column('int', { nullable: true })
  madeToOrderMaxDays!: number | null;

  /** Its own photo; null shows the product's. */
  @Column('varchar', { length: 2000, nullable: true })
  img!: string | null;

  @Column('boolean', { default: true })
  enabled!: boolean;

  @Column('int')
  position!: number;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}

/** Which option values make up a variant. */
@Entity('product_variant_option')
export class ProductVariantOption {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_product_variant_option' })
  variantId!: string;

  @Index('IDX_product_variant_option_value')
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_product_variant_option' })
  valueId!: string;

  @ManyToOne(() => ProductVariantRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variantId', foreignKeyConstraintName: 'FK_product_variant_option_variant' })
  variant?: ProductVariantRow;

  @ManyToOne(() => ProductOptionValueRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'valueId', foreignKeyConstraintName: 'FK_product_variant_option_value' })
  value?: ProductOptionValueRow;
}
