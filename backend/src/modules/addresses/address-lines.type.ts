import { Field, InterfaceType } from 'type-graphql';

/**
 * The lines of a postal address, as a saved address (Address) and an order's copy of one
 * (PostalAddress) both have them: a client reads them with one fragment.
 */
@InterfaceType({ description: 'The lines of a postal address: a saved address and the copy an order keeps both have them' })
export abstract class AddressLines {
  @Field(() => String, { description: "The recipient's full name" })
  name!: string;

  @Field(() => String, { description: 'Street and number' })
  line1!: string;

  @Field(() => String, { nullable: true, description: 'Flat, suite or building' })
  line2!: string | null;

  @Field(() => String, { description: "City or town; '' where the country's addresses have none" })
  city!: string;

  @Field(() => String, {
    nullable: true,
    description: "The region: its key where the country lists regions (a US state's code, CA), else as entered",
  })
  region!: string | null;

  @Field(() => String, { description: "Postcode as the country writes it; '' where there is none" })
  postalCode!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2 country code, e.g. GB' })
  country!: string;

  @Field(() => String, {
    description: 'A phone number for the carrier, in E.164 (+353851234567; addresses saved before may hold it as typed)',
  })
  phone!: string;
}
