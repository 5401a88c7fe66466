import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { TaxCategory } from '../catalog';
import { Money } from '../shop';
import { OrderGiftCardPayment, OrderTotals } from '../pricing';

@ObjectType({ simpleResolvers: true, description: 'A band of a method priced by weight: orders up to its weight pay its price' })
export class WeightBand {
  @Field(() => Int, { description: 'In grams, inclusive' })
  upToGrams!: number;

  @Field(() => Money, { description: 'What delivery of an order up to this weight costs' })
  price!: Money;
}

@ObjectType({ simpleResolvers: true, description: 'A way of delivering to a zone' })
export class ShippingMethod {
  @Field(() => ID, { description: 'A UUID' })
  id!: string;

  @Field(() => ID, { description: 'The zone it delivers to' })
  zoneId!: string;

  @Field(() => String, { description: 'As shoppers read it, for example "Standard (UK)"' })
  name!: string;

  @Field(() => Money, { description: 'What delivery costs, unless the order reaches freeOver' })
  price!: Money;

  @Field(() => Money, { nullable: true, description: 'An order whose subtotal reaches this ships free; null: never free' })
  freeOver!: Money | null;

  @Field(() => Int, { description: 'Fastest delivery, in days' })
  minDays!: number;

  @Field(() => Int, { description: 'Slowest delivery, in days' })
  maxDays!: number;

  @Field(() => Boolean, { description: 'Disabled methods are never offered' })
  enabled!: boolean;

  @Field(() => [WeightBand], {
    nullable: true,
    description:
      "Priced by the weight of the order, lightest band first (price is then the first band's); an order heavier than the last band is not offered this method. Null: the flat price",
  })
  weightBands!: WeightBand[] | null;
}

@ObjectType({ simpleResolvers: true, description: "A zone's tax rate for one tax category, or a region's inside it (which wins there)" })
export class TaxRate {
  @Field(() => TaxCategory, { description: 'The products it applies to' })
  category!: TaxCategory;

  @Field(() => Float, { description: 'In percent, for example 20 or 8.875 (at most 3 decimals)' })
  ratePercent!: number;

  @Field(() => String, { nullable: true, description: "A region's rate: its country (ISO 3166-1 alpha-2); null for the zone's rate" })
  country!: string | null;

  @Field(() => String, { nullable: true, description: "A region's rate: its key (a US state's code, NY); null for the zone's rate" })
  region!: string | null;

  @Field(() => String, { nullable: true, description: 'A region\'s rate: its name as people read it ("New York")' })
  regionName!: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "A standard rate's: whether shipping is taxed (at it) where it applies; null: the shop's TAX_SHIPPING",
  })
  taxShipping!: boolean | null;
}

@ObjectType({ simpleResolvers: true, description: 'A region inside a country that a zone covers' })
export class ShippingZoneRegion {
  @Field(() => String, { description: 'ISO 3166-1 alpha-2' })
  country!: string;

  @Field(() => String, { description: "Its key in the country's address metadata (a US state's code, CA), as addresses store it" })
  region!: string;

  @Field(() => String, { description: 'As people read it, for example "California"' })
  name!: string;
}

@ObjectType({ simpleResolvers: true, description: 'Where the shop delivers: countries, with their methods and tax rates' })
export class ShippingZone {
  @Field(() => ID, { description: 'A UUID' })
  id!: string;

  @Field(() => String, { description: 'Unique in the shop, whatever the case' })
  name!: string;

  @Field(() => [String], { description: 'ISO 3166-1 alpha-2 codes; a country is in one zone at most' })
  countries!: string[];

  @Field(() => [ShippingZoneRegion], {
    description: "Regions inside countries; an address in one of them is this zone's, whatever zone its country is in",
  })
  regions!: ShippingZoneRegion[];

  @Field(() => [ShippingMethod], { description: 'Enabled and disabled, cheapest first' })
  methods!: ShippingMethod[];

  @Field(() => [TaxRate], { description: 'The rates set; a category without one is taxed at 0%' })
  taxRates!: TaxRate[];
}

@ObjectType({ simpleResolvers: true, description: 'A delivery method offered for an address, priced for the lines' })
export class ShippingOption {
  @Field(() => ID, { description: 'The method: give it to placeOrder as shippingMethodId' })
  id!: string;

  @Field(() => String, { description: 'For example "Standard (UK)"' })
  name!: string;

  @Field(() => Money, { description: 'For these lines: zero when their subtotal reaches the free threshold' })
  price!: Money;

  @Field(() => Int, { description: 'Fastest delivery, in days' })
  minDays!: number;

  @Field(() => Int, { description: 'Slowest delivery, in days' })
  maxDays!: number;

  @Field(() => OrderTotals, {
    description:
      'What an order of these lines to this address comes to with this method: subtotal, shipping, tax, total; with gift cards, what they would pay (giftCards) and the rest (amountDue)',
  })
  totals!: OrderTotals;

  @Field(() => [OrderGiftCardPayment], {
    description: "What each of the quote's gift cards would pay of this total, in the order given (placeOrder's rule); [] without cards",
  })
  giftCardPayments!: OrderGiftCardPayment[];
}

@InputType({ description: 'A region inside a country, for a zone' })
export class ShippingZoneRegionInput {
  @Field(() => String, { description: 'ISO 3166-1 alpha-2' })
  country!: string;

  @Field(() => String, { description: "Its key in the country's address metadata (CA) or its name (California)" })
  region!: string;
}

@InputType({ description: 'A new shipping zone, or the new version of one' })
export class ShippingZoneInput {
  @Field(() => String, { description: 'At most 60 characters, unique in the shop' })
  name!: string;

  @Field(() => [String], { description: 'ISO 3166-1 alpha-2 codes, none in another zone; may be [] when regions are given' })
  countries!: string[];

  @Field(() => [ShippingZoneRegionInput], {
    nullable: true,
    description: "Regions of countries, none in another zone; they win over their country's zone. Default []",
  })
  regions?: ShippingZoneRegionInput[] | null;
}

@InputType({ description: 'A band of a method priced by weight' })
export class WeightBandInput {
  @Field(() => Int, { description: 'In grams, inclusive; each band heavier than the one before' })
  upToGrams!: number;

  @Field(() => Int, { description: "The shop currency's minor units" })
  price!: number;
}

@InputType({ description: 'A delivery method of a zone' })
export class ShippingMethodInput {
  @Field(() => ID, { description: 'The zone it delivers to' })
  zoneId!: string;

  @Field(() => String, { description: 'At most 60 characters, for example "Standard (UK)"' })
  name!: string;

  @Field(() => Int, { description: "The shop currency's minor units (495 is $4.95)" })
  price!: number;

  @Field(() => Int, { nullable: true, description: 'Minor units: an order whose subtotal reaches this ships free' })
  freeOver?: number | null;

  @Field(() => Int, { description: 'Fastest delivery, in days' })
  minDays!: number;

  @Field(() => Int, { description: 'Slowest delivery, in days' })
  maxDays!: number;

  @Field(() => Boolean, { nullable: true, description: 'Default true' })
  enabled?: boolean | null;

  @Field(() => [WeightBandInput], {
    nullable: true,
    description: 'Prices by weight, lightest band first (at most 20; price is then ignored); null or []: the flat price',
  })
  weightBands?: WeightBandInput[] | null;
}

@InputType({ description: "A zone's tax rate for one category" })
export class TaxRateInput {
  @Field(() => ID, { description: 'The zone' })
  zoneId!: string;

  @Field(() => TaxCategory, { description: 'The products it applies to' })
  category!: TaxCategory;

  @Field(() => Float, { description: 'In percent, 0 to 100, at most 3 decimals (8.875)' })
  ratePercent!: number;

  @Field(() => String, { nullable: true, description: "A region's rate: its country (ISO 3166-1 alpha-2); omit for the zone's rate" })
  country?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "A region's rate: its key (NY) or name (New York) in its country's addresses; it wins over the zone's rate there",
  })
  region?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "A standard rate's: whether shipping is taxed where it applies; null or omitted: the shop's TAX_SHIPPING",
  })
  taxShipping?: boolean | null;
}

@InputType({ description: "Which rate of a zone: its category, and a region's country and region (omitted: the zone's own)" })
export class TaxRateKeyInput {
  @Field(() => ID, { description: 'The zone' })
  zoneId!: string;

  @Field(() => TaxCategory, { description: 'The products it applies to' })
  category!: TaxCategory;

  @Field(() => String, { nullable: true, description: "A region's rate: its country (ISO 3166-1 alpha-2)" })
  country?: string | null;

  @Field(() => String, { nullable: true, description: "A region's rate: its key (NY) or name" })
  region?: string | null;
}
