import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { Role } from '../auth';

/** A shopper or staff member. Passwords live with the identity provider, never here. */
@ObjectType({ simpleResolvers: true, description: 'A shopper or a member of staff' })
@Entity('user')
export class User {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_user' })
  id!: string;

  @Field(() => String, { description: 'Their name, as on their profile' })
  @Column('varchar', { length: 120 })
  name!: string;

  /** Stored lower-case, so the unique index is case-insensitive. */
  @Field(() => String, { description: 'Their sign-in e-mail, in lower case' })
  @Index('UQ_user_email', { unique: true })
  @Column('varchar', { length: 254 })
  email!: string;

  @Field(() => String, { nullable: true, description: 'Delivery address; null until the profile is completed' })
  @Column('varchar', { length: 500, nullable: true })
  address!: string | null;

  @Field(() => String, { nullable: true, description: 'Phone number; null until the profile is completed' })
  @Column('varchar', { length: 40, nullable: true })
  phone!: string | null;

  @Field(() => String, { nullable: true, description: 'Profile photo URL' })
  @Column('varchar', { length: 2000, nullable: true })
  img!: string | null;

  @Field(() => Role, { description: 'Their rights in the shop' })
  @Column('varchar', { length: 20, default: Role.user })
  role!: Role;

  @Field(() => Boolean, {
    description: 'Order e-mails besides receipts (received, shipped, expired, cancelled, refunded); receipts always go',
  })
  @Column('boolean', { default: true })
  orderEmails!: boolean;

  /** Seen signed in with a verified e-mail address at least once (ADMIN_EMAILS are promoted then). */
  @Field(() => Boolean, {
    description: 'Keen has seen them signed in with their e-mail address verified; until then their order e-mails wait',
  })
  @Column('boolean', { default: false })
  emailVerified!: boolean;

  /** Keen access tokens issued before this stamp no longer work: it moves on a role change or a sign-out everywhere. */
  @Column('timestamptz', { default: () => 'now()' })
  tokensValidSince!: Date;

  /** When the person's data was erased (the row stays, emptied, as the key of the orders kept); null otherwise. */
  @Column('timestamptz', { nullable: true })
  erasedAt!: Date | null;

  @Field(() => Date, { description: 'When it was made (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;

  @Field(() => Date, { description: 'When it last changed (ISO 8601)' })
  @UpdatedAtColumn()
  updatedAt!: Date;
}
