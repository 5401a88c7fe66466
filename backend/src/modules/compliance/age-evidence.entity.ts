import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';
import { BladeHandover } from './blade-rule.entity';

/** What an age check answered. */
export enum AgeCheckStatus {
  PASSED = 'PASSED',
  FAILED = 'FAILED',
  NEEDS_DOCUMENT = 'NEEDS_DOCUMENT',
}
registerEnumType(AgeCheckStatus, {
  name: 'AgeCheckStatus',
  description: 'What an age check answered',
  valuesConfig: {
    PASSED: { description: 'Old enough: reused for later orders for AGE_CHECK_VALID_DAYS' },
    FAILED: { description: 'Not confirmed: age-restricted checkout waits 24 hours' },
    NEEDS_DOCUMENT: { description: 'The provider asks for an identity document (submitAgeDocument)' },
  },
});

/** Who checked: the provider chosen by `AGE_VERIFICATION`. */
export enum AgeCheckMethod {
  test = 'test',
  declared = 'declared',
}
registerEnumType(AgeCheckMethod, {
  name: 'AgeCheckMethod',
  description: 'How an age was checked (the AGE_VERIFICATION setting)',
  valuesConfig: {
    test: { description: 'The offline test provider (development only), documented like test cards' },
    declared: { description: 'A date of birth and the customer’s signed declaration' },
  },
});

/** What a row of the evidence log records. */
export enum AgeEvidenceKind {
  CHECK = 'CHECK',
  ORDER_PLACED = 'ORDER_PLACED',
  ORDER_SHIPPED = 'ORDER_SHIPPED',
  SHIPPING_REFUSED = 'SHIPPING_REFUSED',
  PRODUCT_RULE_CHANGED = 'PRODUCT_RULE_CHANGED',
}
registerEnumType(AgeEvidenceKind, {
  name: 'AgeEvidenceKind',
  description: 'What a row of the age evidence log records',
  valuesConfig: {
    CHECK: { description: "A customer's age check and its answer" },
    ORDER_PLACED: { description: 'An age-restricted order placed: the check it relied on and the destination’s rule' },
    ORDER_SHIPPED: { description: 'An age-restricted order shipped: whether with an age-verified delivery service' },
    SHIPPING_REFUSED: {
      description: 'An attempt to ship an age-restricted order refused (the note says why and who tried); the order did not change',
    },
    PRODUCT_RULE_CHANGED: { description: "A product's ageRestricted or minimumAge set or changed: who, before and after (the note)" },
  },
});

/**
 * The evidence log: every age check, every placing, shipping and refused shipping of an
 * age-restricted order, and every change of a product's age rule, so the shop can show its
 * precautions if asked. It keeps what proves a check (method, answer,
 * time, provider reference, age bracket), never a date of birth. Rows have no foreign keys: they
 * outlive the orders and accounts they describe until `AGE_EVIDENCE_RETENTION_YEARS` prunes them.
 */
@ObjectType({
  simpleResolvers: true,
  description: 'One row of the age evidence log: an age check, or a decision on an age-restricted order',
})
@Entity('age_evidence')
@Index('IDX_age_evidence_customer_created', ['customerId', 'createdAt'])
@Index('IDX_age_evidence_guest_email', ['customerEmail', 'createdAt'], { where: '"customerId" IS NULL' })
export class AgeEvidence {
  @Field(() => ID, { description: 'A UUID; a CHECK row’s id is the check’s' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_age_evidence' })
  id!: string;

  @Field(() => AgeEvidenceKind, { description: 'What the row records' })
  @Column('varchar', { length: 20 })
  kind!: AgeEvidenceKind;

  @Column('uuid', { nullable: true })
  customerId!: string | null;

  @Field(() => String, { nullable: true, description: "The customer's e-mail address when it was recorded" })
  @Column('varchar', { length: 254, nullable: true })
  customerEmail!: string | null;

  /** A guest's check: the client address it came from, for the lock-out per address (never shown). */
  @Column('varchar', { length: 64, nullable: true })
  clientAddress!: string | null;

  @Field(() => ID, { nullable: true, description: 'The order (ORDER_ and SHIPPING_REFUSED rows)' })
  @Index('IDX_age_evidence_order')
  @Column('uuid', { nullable: true })
  orderId!: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The check an ORDER_PLACED row relied on, or the earlier check a refused CHECK contradicts',
  })
  @Column('uuid', { nullable: true })
  checkId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The product (PRODUCT_RULE_CHANGED rows)' })
  @Column('uuid', { nullable: true })
  productId!: string | null;

  @Field(() => String, { nullable: true, description: 'The full name the customer gave for the check' })
  @Column('varchar', { length: 120, nullable: true })
  fullName!: string | null;

  @Field(() => AgeCheckMethod, { nullable: true, description: 'How the age was checked' })
  @Column('varchar', { length: 20, nullable: true })
  method!: AgeCheckMethod | null;

  @Field(() => AgeCheckStatus, { nullable: true, description: 'What the check answered' })
  @Column('varchar', { length: 20, nullable: true })
  status!: AgeCheckStatus | null;

  @Field(() => String, { nullable: true, description: 'The age the check proved, e.g. "18+" or "under 18"; never the date of birth' })
  @Column('varchar', { length: 20, nullable: true })
  ageBracket!: string | null;

  /** The lowest age of the bracket (18 for "18+"), to compare with a minimum age; null when none was proved. */
  @Column('int', { nullable: true })
  ageAtLeast!: number | null;

  /** The age the bracket stops below (21 for 18 to 20, 18 for "under 18"); null when it has no known top. */
  @Column('int', { nullable: true })
  ageBelow!: number | null;

  @Field(() => String, { nullable: true, description: "The provider's reference for the check" })
  @Column('varchar', { length: 255, nullable: true })
  providerReference!: string | null;

  @Field(() => String, { nullable: true, description: 'The declaration the customer signed (declared checks)' })
  @Column('varchar', { length: 500, nullable: true })
  declaration!: string | null;

  @Field(() => String, { nullable: true, description: 'The destination (ISO 3166-1 alpha-2) of an ORDER_ row' })
  @Column('char', { length: 2, nullable: true })
  country!: string | null;

  @Field(() => Int, { nullable: true, description: 'The minimum age the order had to meet' })
  @Column('int', { nullable: true })
  minimumAge!: number | null;

  @Field(() => BladeHandover, { nullable: true, description: 'The handover the destination’s rule asks for' })
  @Column('varchar', { length: 20, nullable: true })
  handover!: BladeHandover | null;

  @Field(() => Boolean, { nullable: true, description: 'ORDER_SHIPPED: whether it went with an age-verified delivery service' })
  @Column('boolean', { nullable: true })
  ageVerifiedDelivery!: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: 'What came with the decision (the carrier and tracking number), why it was refused, or what changed and who changed it',
  })
  @Column('varchar', { length: 500, nullable: true })
  note!: string | null;

  /** The committed event an ORDER_ row was written from: delivered at least once, recorded once. */
  @Index('UQ_age_evidence_event', { unique: true })
  @Column('uuid', { nullable: true })
  eventId!: string | null;

  @Field(() => Date, { description: 'When it happened (ISO 8601)' })
  @Index('IDX_age_evidence_created')
  @CreatedAtColumn()
  createdAt!: Date;
}
