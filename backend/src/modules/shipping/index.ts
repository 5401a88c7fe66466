/** Delivery zones, methods and rates. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { ShippingMethodRow, ShippingZoneCountry, ShippingZoneRegion, ShippingZoneRow, TaxRateRow } from './shipping.entity';
import { ShippingResolver } from './shipping.resolver';

export const shippingModule = keenModule({
  name: 'shipping',
  entities: [ShippingZoneRow, ShippingZoneCountry, ShippingZoneRegion, ShippingMethodRow, TaxRateRow],
  resolvers: [ShippingResolver],
});

export type { DeliveryQuote, Place, QuotedLine, ShippingService } from './shipping.service';
export { ShippingOption } from './shipping.types';
