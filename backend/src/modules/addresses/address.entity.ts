import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** One address in a customer's address book; at most one of theirs is the default. */
@ObjectType({ simpleResolvers: true, description: "An address in a customer's address book" })
@Entity('address')
@Index('UQ_address_default', { synchronize: false }) // unique on ("userId") where "isDefault": see the AddressBook migration
export class Address {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_address' })
  id!: string;

  @Index('IDX_address_user')
  @Column('uuid')
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_address_user' })
  user?: User;

  @Field(() => String, { description: "The recipient's full name" })
  @Column('varchar', { length: 120 })
  name!: string;

  @Field(() => String, { description: 'Street and number' })
  @Column('varchar', { length: 200 })
  line1!: string;

  @Field(() => String, { nullable: true, description: 'Flat, suite or building' })
  @Column('varchar', { length: 200, nullable: true })
  line2!: string | null;

  @Field(() => String, { description: 'City or town' })
  @Column('varchar', { length: 100 })
  city!: string;

  @Field(() => String, { nullable: true, description: 'State, province or county; the 2-letter code in the US and Canada' })
  @Column('varchar', { length: 100, nullable: true })
  region!: string | null;

  @Field(() => String, { description: 'Postcode or ZIP code, normalised (UK and Canadian codes in capitals with one space)' })
  @Column('varchar', { length: 12 })
  postalCode!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2 country code, e.g. GB' })
  @Column('varchar', { length: 2 })
  country!: string;

  @Field(() => String, { description: 'A phone number for the carrier' })
  @Column('varchar', { length: 40 })
  phone!: string;

  @Field(() => Boolean, { description: 'Checkout offers it first; each customer has exactly one default while they have any address' })
  @Column('boolean', { default: false })
  isDefault!: boolean;

  @Field(() => Date, { description: 'When it was added (ISO 8601); the book lists the newest first after the default' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
