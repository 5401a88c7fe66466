import { Field, ObjectType } from 'type-graphql';

/** An address as an order keeps it: a copy, so later edits to the address book never change it. */
@ObjectType({ simpleResolvers: true, description: 'A postal address, as an order keeps it' })
export class PostalAddress {
  @Field(() => String, { description: "The recipient's full name" })
  name!: string;

  @Field(() => String, { description: 'Street and number' })
  line1!: string;

  @Field(() => String, { nullable: true, description: 'Flat, suite or building' })
  line2!: string | null;

  @Field(() => String, { description: 'City or town' })
  city!: string;

  @Field(() => String, { nullable: true, description: 'State, province or county' })
  region!: string | null;

  @Field(() => String, { description: 'Postcode or ZIP code' })
  postalCode!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2' })
  country!: string;

  @Field(() => String, { description: 'For the courier' })
  phone!: string;
}
