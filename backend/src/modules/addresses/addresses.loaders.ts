import DataLoader from 'dataloader';
import type { Address } from './address.entity';
import type { AddressesService } from './addresses.service';

/** One request's batched address-book reads. */
export function addressesLoaders(addresses: AddressesService) {
  return {
    /** Each user's address book: one statement for a whole page of users. */
    addressBook: new DataLoader<string, Address[]>(async (userIds) => {
      const books = await addresses.booksOf(userIds);
      return userIds.map((id) => books.get(id) ?? []);
    }),
  };
}

export type AddressesLoaders = ReturnType<typeof addressesLoaders>;
