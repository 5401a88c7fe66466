import { badInput } from '../../common/errors';
import { parseInput, requireText } from '../../common/validate';
import { addressInput, type PostalAddress, countryOfAddressText, DELIVERY_COUNTRY_REQUIRED } from '../addresses';
import type { PlaceOrderInput } from '../orders';
import type { ShippingService } from '../shipping';

/** Where an order ships: the structured address, or the older free text with the country it names. */
export type Destination =
  { country: string; text: string; shippingAddress: null } | { country: string; text: null; shippingAddress: PostalAddress };

/**
 * Where an order ships, which alone decides its blade rules, tax and delivery: its structured
 * address, or the country its address text names (older clients). A text that names none ships
 * in the shop's own country only while the shop delivers nowhere else.
 */
export async function destinationOf(input: PlaceOrderInput, shopCountry: string, shipping: ShippingService): Promise<Destination> {
  if (input.shippingAddress == null) {
    const text = requireText(input.address, 'Address is Required', 500);
    const deliversOnlyHome = async () => (await shipping.countries()).every((country) => country === shopCountry);
    const country = countryOfAddressText(text) ?? ((await deliversOnlyHome()) ? shopCountry : null);
    if (!country) throw badInput(DELIVERY_COUNTRY_REQUIRED);
    return { country, text, shippingAddress: null };
  }
  const { name, line1, line2, city, region, postalCode, country, phone } = parseInput(addressInput, input.shippingAddress);
  const shippingAddress = { name, line1, line2: line2 ?? null, city, region: region ?? null, postalCode, country, phone };
  return { country, text: null, shippingAddress };
}
