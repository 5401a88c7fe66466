import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

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

/** Something the shop sells. Amounts are in the shop currency's minor units (cents). */
@ObjectType({ simpleResolvers: true, description: 'A knife or blade the shop sells' })
@Entity('product')
@Check('CHK_product_numbers', `"priceAmount" >= 1 AND "quantity" >= 0 AND "minimumQuantity" >= 1`)
@Check('CHK_product_tax_category', `"taxCategory" IN ('standard', 'reduced', 'zero')`)
@Check('CHK_product_engraving', `"engravingMaxLength" BETWEEN 1 AND 40 AND "engravingAmount" >= 0`)
@Check('CHK_product_minimum_age', `"minimumAge" IS NULL OR "minimumAge" BETWEEN 1 AND 99`)
@Index('UQ_product_name_lower', { synchronize: false }) // unique on lower(name): see the Init migration
@Index('IDX_product_search', { synchronize: false }) // trigram index over name and description: see the ProductSearch migration
@Index('UQ_product_slug', { synchronize: false }) // unique on lower(slug): see the ProductSlugs migration
@Check('CHK_product_slug', `"slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)
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

  @Field(() => Date, { description: 'When the product was added (ISO 8601)' })
  @Index('IDX_product_created_at')
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When the product last changed (ISO 8601)' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
