/** The address book and where an order ships. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { Address } from './address.entity';
import { AddressesResolver } from './addresses.resolver';
import { addressesLoaders } from './addresses.loaders';
import type { AddressesService } from './addresses.service';

export const addressesModule = keenModule({
  name: 'addresses',
  entities: [Address],
  resolvers: [AddressesResolver],
  loaders: (_db, { addresses }: { addresses: AddressesService }) => addressesLoaders(addresses),
});

export { addressInput, addressMetadata, formatAddress } from './address-metadata';
export { ShippingAddressInput } from './address.inputs';
export { DELIVERY_COUNTRY_REQUIRED, countryOfAddressText } from './country-of-text';
export { PostalAddress } from './postal-address.type';
export { addressesOf, eraseAddresses } from './addresses.privacy';
