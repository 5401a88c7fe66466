import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';

/** An integrator's API key. Only a SHA-256 hash of its secret is kept, and a short prefix to recognise it by. */
@ObjectType({ simpleResolvers: true, description: 'An API key for an integration; its secret is shown only once, when it is created' })
@Entity('api_key')
export class ApiKey {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_api_key' })
  id!: string;

  @Field(() => String, { description: 'What the key is for, e.g. the integration using it' })
  @Column('varchar', { length: 100 })
  name!: string;

  @Field(() => String, { description: 'The start of the secret (keen_sk_ and four characters), to tell keys apart' })
  @Column('varchar', { length: 20 })
  prefix!: string;

  /** Hex SHA-256 of the secret: each request with a key finds it by this. */
  @Index('UQ_api_key_secret_hash', { unique: true })
  @Column('char', { length: 64 })
  secretHash!: string;

  @Field(() => [String], { description: 'What the key may do, e.g. catalog:read' })
  @Column('text', { array: true })
  scopes!: string[];

  @Field(() => String, { description: 'The e-mail of the admin who created it' })
  @Column('varchar', { length: 254 })
  createdBy!: string;

  @Field(() => Date, { description: 'When it was made (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'The last request made with it, to the minute' })
  @Column('timestamptz', { nullable: true })
  lastUsedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'Set once revoked: the key is refused from then on' })
  @Column('timestamptz', { nullable: true })
  revokedAt!: Date | null;
}
