import { Field, ID, InputType } from 'type-graphql';

/** Where a parcel goes: an order's shippingAddress, and (with an id) an address book entry. */
@InputType({ description: 'A postal address: where an order ships' })
export class ShippingAddressInput {
  @Field(() => String, { description: "The recipient's full name (required, at most 120 characters)" })
  name!: string;

  @Field(() => String, { description: 'Street and number (required, at most 200 characters)' })
  line1!: string;

  @Field(() => String, { nullable: true, description: 'Flat, suite or building (at most 200 characters)' })
  line2?: string | null;

  @Field(() => String, { description: 'City or town (required)' })
  city!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Required in the US (a state code, e.g. CA) and Canada (a province code, e.g. ON); optional elsewhere',
  })
  region?: string | null;

  @Field(() => String, {
    description:
      'Checked per country: US ZIP (94103 or 94103-1234), UK postcode, Canadian postal code, German 5 digits; elsewhere up to 12 characters',
  })
  postalCode!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2 code, e.g. US, GB' })
  country!: string;

  @Field(() => String, { description: 'Digits, spaces and dashes after an optional +, 5 to 20 characters' })
  phone!: string;
}

@InputType({ description: 'An address to add to the address book, or (with id) the new version of one already in it' })
export class AddressInput extends ShippingAddressInput {
  @Field(() => ID, { nullable: true, description: 'The saved address to change; leave out to add a new one' })
  id?: string | null;
}
