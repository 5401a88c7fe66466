/** Delivery zones, methods and rates. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { ShippingMethodRow, ShippingZoneCountry, ShippingZoneRow, TaxRateRow } from './shipping.entity';
import { ShippingResolver } from './shipping.resolver';

export const shippingModule = keenModule({
  name: 'shipping',
  entities: [ShippingZoneRow, ShippingZoneCountry, ShippingMethodRow, TaxRateRow],
  resolvers: [ShippingResolver],
});

export type { DeliveryQuote, ShippingService } from './shipping.service';
export { ShippingOption } from './shipping.types';
