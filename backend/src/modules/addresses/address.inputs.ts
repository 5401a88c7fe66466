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

  @Field(() => String, {
    nullable: true,
    description:
      "City or town, as the country's address metadata (Google's libaddressinput) names it: required where the country's addresses require one, dropped where they have none (Japan, Singapore)",
  })
  city?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Where the country's metadata lists regions (US states, Canadian provinces, Australian states, Japanese prefectures), one of them by its key (CA, ON, NSW, 13) or name, stored as the key; free text elsewhere. Required where the country's addresses require one",
  })
  region?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Checked against the country's pattern and stored as the country writes it (SW1A 1AA, 154-0023); required where the country requires one (not in Ireland or Hong Kong), dropped where it has none",
  })
  postalCode?: string | null;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2 code, e.g. US, GB' })
  country!: string;

  @Field(() => String, {
    description:
      'A number the carrier can call: national for the delivery country, or any with + and its country code; stored in E.164 (+353851234567)',
  })
  phone!: string;
}

@InputType({ description: 'An address to add to the address book, or (with id) the new version of one already in it' })
export class AddressInput extends ShippingAddressInput {
  @Field(() => ID, { nullable: true, description: 'The saved address to change; leave out to add a new one' })
  id?: string | null;
}
