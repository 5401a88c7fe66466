import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';

export enum PrivacyRequestKind {
  export = 'export',
  erasure = 'erasure',
}
registerEnumType(PrivacyRequestKind, {
  name: 'PrivacyRequestKind',
  description: 'What a person asked of their data',
  valuesConfig: { export: { description: 'A copy of their data' }, erasure: { description: 'Their account deleted' } },
});

/**
 * One request about a person's data, as done: who asked (the person, or an admin on their behalf,
 * with the reason), when. It names the person by their profile's id only, so it outlives an erasure.
 */
@ObjectType({ simpleResolvers: true, description: "A request about a person's data, as done" })
@Entity('privacy_request')
@Index('IDX_privacy_request_user', ['userId', 'createdAt'])
export class PrivacyRequest {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_privacy_request' })
  id!: string;

  @Field(() => ID, { description: "The person's profile id" })
  @Column('uuid')
  userId!: string;

  @Field(() => PrivacyRequestKind, { description: 'What was done' })
  @Column('varchar', { length: 20 })
  kind!: PrivacyRequestKind;

  @Field(() => String, { nullable: true, description: "The admin's e-mail when an admin did it on request; null when the person did" })
  @Column('varchar', { length: 254, nullable: true })
  adminEmail!: string | null;

  @Field(() => String, { nullable: true, description: 'Why an admin did it (the request it answers); null when the person did' })
  @Column('varchar', { length: 500, nullable: true })
  reason!: string | null;

  @Field(() => Date, { description: 'When it was done (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;
}
