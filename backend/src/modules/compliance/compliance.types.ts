import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AgeCheckMethod, AgeCheckStatus } from './age-evidence.entity';
import { BladeHandover } from './blade-rule.entity';

@InputType({ description: "A country's rule for bladed articles; the country's rule is replaced" })
export class BladeRuleInput {
  @Field(() => String, { description: 'ISO 3166-1 alpha-2, e.g. GB' })
  country!: string;

  @Field(() => Int, { nullable: true, description: "The buyer's minimum age there, 16 to 25 (default BLADE_MINIMUM_AGE, 18)" })
  minimumAge?: number | null;

  @Field(() => Boolean, { description: 'false: blades are not sent there' })
  allowed!: boolean;

  @Field(() => BladeHandover, { nullable: true, description: 'Default ageVerified for GB, standard elsewhere' })
  handover?: BladeHandover | null;
}

@InputType({ description: 'What a customer gives for an age check; the date of birth is checked and forgotten' })
export class VerifyAgeInput {
  @Field(() => String, { description: 'As on an identity document, at most 120 characters' })
  fullName!: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  dateOfBirth!: string;

  @Field(() => Boolean, {
    nullable: true,
    description: 'The customer signs that the date of birth is theirs and true: required by the declared method',
  })
  declaration?: boolean | null;
}

@InputType({ description: 'The document an age check that answered NEEDS_DOCUMENT asked for' })
export class AgeDocumentInput {
  @Field(() => String, {
    description:
      "The provider's token for the document, uploaded to the provider (never to Keen). Test provider: test_document_adult passes, test_document_minor fails",
  })
  document!: string;
}

@ObjectType({ simpleResolvers: true, description: "A customer's age check, as they see it: never the date of birth" })
export class AgeVerification {
  @Field(() => ID, { description: 'The check (its row in the evidence log)' })
  id!: string;

  @Field(() => AgeCheckStatus, { description: 'PASSED, FAILED or NEEDS_DOCUMENT' })
  status!: AgeCheckStatus;

  @Field(() => AgeCheckMethod, { description: 'How the age was checked' })
  method!: AgeCheckMethod;

  @Field(() => Date, { description: 'When (ISO 8601)' })
  checkedAt!: Date;

  @Field(() => String, { nullable: true, description: 'What it proved, e.g. "18+"; null while a document is awaited' })
  ageBracket!: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'PASSED: reused for orders until then; FAILED: age-restricted checkout reopens then; null while a document is awaited',
  })
  validUntil!: Date | null;
}
