import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { UpdatedAtColumn } from '../../db/timestamp-columns';

/** How a parcel of blades is handed over at a destination; the values are the rules' words (`BLADE_HANDOVERS`). */
export enum BladeHandover {
  ageVerified = 'age-verified',
  standard = 'standard',
}
registerEnumType(BladeHandover, {
  name: 'BladeHandover',
  description: 'How a parcel with a bladed article is handed over at its destination',
  valuesConfig: {
    ageVerified: {
      description: 'Only into the hands of an adult whose age the carrier checks (the UK default: Offensive Weapons Act 2019, s.39)',
    },
    standard: { description: 'As any parcel' },
  },
});

/**
 * One country's rule for bladed articles: whether they may be sent there, the buyer's minimum age
 * and the parcel's handover. A country without a rule takes blades at the shop's default minimum
 * age (`BLADE_MINIMUM_AGE`), handed over as any parcel. Demo data is not legal advice: the shop decides.
 */
@ObjectType({ simpleResolvers: true, description: "A country's rule for bladed articles (age-restricted products)" })
@Entity('blade_rule')
@Check('CHK_blade_rule_minimum_age', `"minimumAge" BETWEEN 1 AND 99`)
@Check('CHK_blade_rule_handover', `"handover" IN ('age-verified', 'standard')`)
export class BladeRule {
  @Field(() => String, { description: 'ISO 3166-1 alpha-2' })
  @PrimaryColumn('char', { length: 2, primaryKeyConstraintName: 'PK_blade_rule' })
  country!: string;

  @Field(() => Int, { description: "The buyer's minimum age there (a product's own minimum age may be higher)" })
  @Column('int')
  minimumAge!: number;

  @Field(() => Boolean, { description: 'false: age-restricted lines are refused for this destination, in shippingOptions and placeOrder' })
  @Column('boolean')
  allowed!: boolean;

  @Field(() => BladeHandover, { description: 'How the parcel is handed over there' })
  @Column('varchar', { length: 20 })
  handover!: BladeHandover;

  @Field(() => String, { nullable: true, description: 'The admin who set the rule last' })
  @Column('varchar', { length: 254, nullable: true })
  updatedBy!: string | null;

  @Field(() => Date, { description: 'When it was set last (ISO 8601)' })
  @UpdatedAtColumn()
  updatedAt!: Date;
}
