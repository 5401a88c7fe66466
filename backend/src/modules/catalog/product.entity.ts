import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { EngravingPlacement } from './engraving';

/** Which tax rate of a zone applies to a product (shipping zones set a rate for each). */
export enum TaxCategory {
  standard = 'standard',
  reduced = 'reduced',
  zero = 'zero',
}
registerEnumType(TaxCategory, {
  name: 'TaxCategory',
  description: "A product's tax category",
  valuesConfig: {
    standard: { description: 'The standard rate (the default)' },
    reduced: { description: 'A reduced rate, where a country has one for such goods' },
    zero: { description: 'Zero-rated' },
  },
});

/** What a product is: a knife (or blade, or whetstone) with stock and delivery, or a gift card. */
export enum ProductKind {
  KNIFE = 'KNIFE',
  GIFT_CARD = 'GIFT_CARD',
}
registerEnumType(ProductKind, {
  name: 'ProductKind',
  description: 'What a product is',
  valuesConfig: {
    KNIFE: { description: 'Goods: stock, delivery, age rules where set' },
    GIFT_CARD: {
      description:
        'A gift card: its variants are its denominations; no stock, no delivery, never age-restricted; paying for it issues one card per unit, mailed to its recipient',
    },
  },
});

/** Something the shop sells. Amounts are in the shop currency's minor units (cents). */
@ObjectType({ simpleResolvers: true, description: 'A knife or blade the shop sells' })
@Entity('product')
@Check('CHK_product_numbers', `"priceAmount" >= 1 AND "quantity" >= 0 AND "minimumQuantity" >= 1`)
@Check('CHK_product_tax_category', `"taxCategory" IN ('standard', 'reduced', 'zero')`)
@Check('CHK_product_engraving', `"engravingMaxLength" BETWEEN 1 AND 40 AND "engravingAmount" >= 0`)
@Check(
  'CHK_product_engraving_placements',
  `cardinality("engravingPlacements") >= 1 AND "engravingPlacements" <@ '{BladeLeft,BladeRight,Spine,Bolster,Handle}'::varchar[]`,
)
@Check('CHK_product_minimum_age', `"minimumAge" IS NULL OR "minimumAge" BETWEEN 1 AND 99`)
@Index('UQ_product_name_lower', { synchronize: false }) // unique on lower(name): see the Init migration
@Index('IDX_product_search', { synchronize: false }) // trigram index over name and description: see the ProductSearch migration
@Index('UQ_product_slug', { synchronize: false }) // unique on lower(slug): see the ProductSlugs migration
@Check('CHK_product_slug', `"slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)
@Check(
  'CHK_product_made_to_order',
  `("madeToOrderMinDays" IS NULL AND "madeToOrderMaxDays" IS NULL AND "madeToOrderCap" IS NULL) OR ("madeToOrderMinDays" >= 1 AND "madeToOrderMaxDays" >= "madeToOrderMinDays" AND ("madeToOrderCap" IS NULL OR "madeToOrderCap" >= 1))`,
)
@Check('CHK_product_weight', `"weightGrams" >= 0`)
@Check('CHK_product_kind', `"kind" IN ('KNIFE', 'GIFT_CARD')`)
@Check(
  'CHK_product_gift_card_amounts',
  `("giftCardMinAmount" IS NULL AND "giftCardMaxAmount" IS NULL) OR ("kind" = 'GIFT_CARD' AND "giftCardMinAmount" >= 1 AND "giftCardMaxAmount" >= "giftCardMinAmount")`,
)
export class Product {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_product' })
  id!: string;

  @Field(() => String, { description: 'Unique in the shop, whatever the case; at most 120 characters' })
  @Column('varchar', { length: 120 })
  name!: string;

  @Field(() => String, {
    description:
      'Its public page is /products/{slug}: made from its name when it is added (lowercase words joined by dashes, "-2" when taken), unique whatever the case; an admin may change it, and the old slug still leads here',
  })
  @Column('varchar', { length: 80 })
  slug!: string;

  @Field(() => String, { description: 'Photo URL: a shop path (/uploads/..., /images/...) or the image bucket' })
  @Column('varchar', { length: 2000 })
  img!: string;

  @Field(() => String, { description: 'Plain text, at most 5,000 characters' })
  @Column('text')
  description!: string;

  /** Its lowest enabled variant's price, in minor units (GraphQL: priceFrom and the SPEC's whole price). */
  @Column('int')
  priceAmount!: number;

  @Field(() => Int, { description: 'Units in stock' })
  @Column('int')
  quantity!: number;

  @Field(() => Int, { description: 'Smallest quantity one order may take' })
  @Column('int')
  minimumQuantity!: number;

  @Field(() => Boolean, { description: 'Whether an order may carry an engraving' })
  @Column('boolean', { default: false })
  engravable!: boolean;

  @Field(() => Int, { description: 'Most characters an engraving may have (1 to 40)' })
  @Column('int', { default: 24 })
  engravingMaxLength!: number;

  /** Engraving surcharge per unit, in minor units (GraphQL: engravingSurcharge and the whole engravingPrice). */
  @Column('int', { default: 0 })
  engravingAmount!: number;

  @Field(() => Boolean, {
    description:
      'An engraved line of it waits for a proof the customer approves before it is made (the order is AwaitingProof after payment)',
  })
  @Column('boolean', { default: false })
  proofRequired!: boolean;
  @Field(() => [EngravingPlacement], {
    description: 'Where an engraving may go, at least one (default: the blade’s left face); the customer chooses one',
  })
  @Column('varchar', { length: 20, array: true, default: () => `'{BladeLeft}'` })
  engravingPlacements!: EngravingPlacement[];

  @Field(() => ProductKind, { description: 'A knife (default) or a gift card' })
  @Column('varchar', { length: 20, default: ProductKind.KNIFE })
  kind!: ProductKind;

  @Field(() => Int, {
    nullable: true,
    description:
      "A gift card whose buyer may choose its amount: the least, in the shop currency's minor units; null: its denominations only",
  })
  @Column('int', { nullable: true })
  giftCardMinAmount!: number | null;

  @Field(() => Int, { nullable: true, description: 'The most a buyer may choose, minor units; null with giftCardMinAmount' })
  @Column('int', { nullable: true })
  giftCardMaxAmount!: number | null;

  @Field(() => TaxCategory, { description: 'Which of its zone’s tax rates applies (default standard)' })
  @Column('varchar', { length: 10, default: TaxCategory.standard })
  taxCategory!: TaxCategory;

  @Field(() => Boolean, {
    description: 'A bladed article: sold only after an age check, never to a country whose rule refuses blades, shipped marked',
  })
  @Column('boolean', { default: false })
  ageRestricted!: boolean;

  @Field(() => Int, {
    nullable: true,
    description: "Its own minimum age, when higher than the shop's default and the destination's (null: theirs)",
  })
  @Column('int', { nullable: true })
  minimumAge!: number | null;

  /** Made to order: the fewest and most working days to make it (GraphQL: madeToOrder); both null for a product shipped from stock. */
  @Column('int', { nullable: true })
  madeToOrderMinDays!: number | null;

  @Column('int', { nullable: true })
  madeToOrderMaxDays!: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'Made to order: the most units of each variant that may wait in the workshop queue at once (ordered beyond stock, unshipped); null: no cap',
  })
  @Column('int', { nullable: true })
  madeToOrderCap!: number | null;

  @Field(() => Int, { description: 'In grams, packed: what delivery priced by weight counts (a variant may weigh its own)' })
  @Column('int', { default: 0 })
  weightGrams!: number;

  @Field(() => Date, { description: 'When the product was added (ISO 8601)' })
  @Index('IDX_product_created_at')
  @CreatedAtColumn()
  createdAt!: Date;

  @Field(() => Date, { description: 'When the product last changed (ISO 8601)' })
  @UpdatedAtColumn()
  updatedAt!: Date;
}
