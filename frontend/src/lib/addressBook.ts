import { useMutation } from '@apollo/client/react';
import type { SavedAddressFragment } from '../gql/graphql';
import { MyAddressesQuery, SaveAddressMutation } from '../operations/addresses';

/**
 * The address book in the cache, kept as the server would answer it after each change, so that no
 * change needs a refetch: the default first, then the newest (ties by id, as the server breaks them).
 */
export function sortBook(book: SavedAddressFragment[]): SavedAddressFragment[] {
  return [...book].sort(
    (a, b) =>
      Number(b.isDefault) - Number(a.isDefault) || b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

/** After saveAddress: the saved address added or replaced. */
export const withSaved = (book: SavedAddressFragment[], saved: SavedAddressFragment) =>
  sortBook([...book.filter((address) => address.id !== saved.id), saved]);

/** After setDefaultAddress: the chosen one is the only default. */
export const withDefault = (book: SavedAddressFragment[], chosen: SavedAddressFragment) =>
  sortBook(book.map((address) => (address.id === chosen.id ? chosen : { ...address, isDefault: false })));

/** After deleteAddress: gone; if it was the default, the newest other one is the default now (the server's rule). */
export function withoutAddress(book: SavedAddressFragment[], id: string): SavedAddressFragment[] {
  const deleted = book.find((address) => address.id === id);
  const rest = sortBook(book.filter((address) => address.id !== id));
  if (!deleted?.isDefault || rest.length === 0) return rest;
  return [{ ...rest[0], isDefault: true }, ...rest.slice(1)];
}

/** saveAddress, its answer written into the cached book (the profile's and checkout's) instead of a refetch. */
export function useSaveAddress() {
  return useMutation(SaveAddressMutation, {
    update: (cache, { data }) => {
      if (!data) return;
      cache.updateQuery({ query: MyAddressesQuery }, (book) =>
        book?.me ? { ...book, me: { ...book.me, addresses: withSaved(book.me.addresses, data.saveAddress) } } : book,
      );
    },
  });
}
