import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { User } from '../users';
import { AddressLines } from './address-lines.type';

/** One address in a customer's address book; at most one of theirs is the default. */
@ObjectType({ simpleResolvers: true, implements: AddressLines, description: "An address in a customer's address book" })
@Entity('address')
@Index('UQ_address_default', { synchronize: false }) // unique on ("userId") where "isDefault": see the AddressBook migration
export class Address implements AddressLines {
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

  @Field(() => String, { description: "City or town; '' where the country's addresses have none" })
  @Column('varchar', { length: 100 })
  city!: string;

  @Field(() => String, {
    nullable: true,
    description: "The region: its key where the country lists regions (a US state's code, CA), else as entered",
  })
  @Column('varchar', { length: 100, nullable: true })
  region!: string | null;

  @Field(() => String, { description: "Postcode as the country writes it (SW1A 1AA, 154-0023); '' where there is none" })
  @Column('varchar', { length: 12 })
  postalCode!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2 country code, e.g. GB' })
  @Column('varchar', { length: 2 })
  country!: string;

  @Field(() => String, {
    description: 'A phone number for the carrier, in E.164 (+353851234567; addresses saved before may hold it as typed)',
  })
  @Column('varchar', { length: 40 })
  phone!: string;

  @Field(() => Boolean, { description: 'Checkout offers it first; each customer has exactly one default while they have any address' })
  @Column('boolean', { default: false })
  isDefault!: boolean;

  @Field(() => Date, { description: 'When it was added (ISO 8601); the book lists the newest first after the default' })
  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
