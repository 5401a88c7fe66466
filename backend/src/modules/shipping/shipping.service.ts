import { milliPercentOf, percentOfMilliPercent } from '@keen/rules';
import { addressRules, countryName, type CountryCode, regionOf, shippingZoneInput } from '@keen/rules/address';
import { bandPrice, shippingMethodInput, taxRateInput, tooHeavyFor } from '@keen/rules/schemas';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { badInput, conflict, notFound } from '../../common/errors';
import { isId, parseInput } from '../../common/validate';
import { addressMetadata } from '../addresses';
import { type Caller, requireAdmin } from '../auth';
import type { TaxCategory } from '../catalog';
import type { ShopMoney } from '../shop';
import type { Adjustment, Reduction, TaxService, ZoneRates } from '../pricing';
import { ShippingMethodRow, ShippingZoneCountry, ShippingZoneRegion, ShippingZoneRow, TaxRateRow } from './shipping.entity';
import type {
  ShippingMethod,
  ShippingMethodInput,
  ShippingOption,
  ShippingZone,
  ShippingZoneInput,
  TaxRateInput,
  TaxRateKeyInput,
} from './shipping.types';

const UNIQUE_VIOLATION = '23505';

/**
 * What delivery to a place costs an order, and the rates its zone taxes each product category at
 * there (a region's rate before the zone's), with whether delivery is taxed there.
 */
export interface DeliveryQuote extends ZoneRates {
  methodId: string | null;
  methodName: string | null;
  shippingAmount: number;
}

/** A line as the quote needs it: its amount (minor units), its product's tax category and its weight (grams, all its units). */
export interface QuotedLine {
  amount: number;
  taxCategory: TaxCategory;
  grams: number;
}

/** Where a parcel goes, as the zones read it: its country and, when the address has one, its region's key (and postcode, for tax). */
export interface Place {
  country: string;
  region: string | null;
  postalCode?: string | null;
}

/** The delivery methods offered for an order, and why the others of its zone are not ("Too heavy for Standard: at most 2 kg"). */
export interface ShippingOptions {
  options: ShippingOption[];
  notOffered: string[];
}

/**
 * Where the shop delivers and what it charges for it: zones of countries, each with its delivery
 * methods and a tax rate per product category. A shop with no zone at all has not set delivery up:
 * its orders ship anywhere, free and untaxed, as before zones existed.
 */
export class ShippingService {
  constructor(
    private readonly db: DataSource,
    private readonly shop: ShopMoney,
    /** Each option's tax, through the order's TaxCalculator. */
    private readonly tax: TaxService,
  ) {}

  async zones(caller: Caller): Promise<ShippingZone[]> {
    requireAdmin(caller);
    return this.readZones(this.db.manager);
  }

  /** Every country some zone covers, whole or some of its regions: where the shop delivers. */
  async countries(): Promise<string[]> {
    const rows: { country: string }[] = await this.db.query(
      `SELECT "country" FROM "shipping_zone_country" UNION SELECT "country" FROM "shipping_zone_region" ORDER BY "country"`,
    );
    return rows.map((row) => row.country);
  }

  async createZone(caller: Caller, input: ShippingZoneInput): Promise<ShippingZone> {
    requireAdmin(caller);
    const zone = this.parseZone(input);
    return this.writeZone(async (manager) => {
      const id: string = (await manager.getRepository(ShippingZoneRow).insert({ name: zone.name })).identifiers[0].id;
      await this.setCountries(manager, id, zone.countries);
      await this.setRegions(manager, id, zone.regions);
      return id;
    });
  }

  async updateZone(caller: Caller, id: string, input: ShippingZoneInput): Promise<ShippingZone> {
    requireAdmin(caller);
    const zone = this.parseZone(input);
    if (!isId(id)) throw notFound('Shipping zone');
    return this.writeZone(async (manager) => {
      const { affected } = await manager.getRepository(ShippingZoneRow).update({ id }, { name: zone.name });
      if (!affected) throw notFound('Shipping zone');
      await manager.getRepository(ShippingZoneCountry).delete({ zoneId: id });
      await manager.getRepository(ShippingZoneRegion).delete({ zoneId: id });
      await this.setCountries(manager, id, zone.countries);
      await this.setRegions(manager, id, zone.regions);
      return id;
    });
  }

  /** Its methods and rates go with it; orders keep the method's name and what they paid. */
  async deleteZone(caller: Caller, id: string): Promise<string> {
    requireAdmin(caller);
    if (!isId(id) || !(await this.db.getRepository(ShippingZoneRow).delete({ id })).affected) throw notFound('Shipping zone');
    return id;
  }

  async createMethod(caller: Caller, input: ShippingMethodInput): Promise<ShippingMethod> {
    requireAdmin(caller);
    const method = this.parseMethod(input);
    if (!isId(input.zoneId) || !(await this.db.getRepository(ShippingZoneRow).existsBy({ id: input.zoneId })))
      throw notFound('Shipping zone');
    const id: string = (await this.db.getRepository(ShippingMethodRow).insert({ ...method, zoneId: input.zoneId })).identifiers[0].id;
    return this.method(id);
  }

  /** Edits a method (its zone stays); `enabled: false` stops offering it. */
  async updateMethod(caller: Caller, id: string, input: Omit<ShippingMethodInput, 'zoneId'>): Promise<ShippingMethod> {
    requireAdmin(caller);
    const method = this.parseMethod(input);
    if (!isId(id) || !(await this.db.getRepository(ShippingMethodRow).update({ id }, method)).affected) throw notFound('Shipping method');
    return this.method(id);
  }

  /** Sets a zone's rate for a category, or a region's inside it (which wins there), with whether it taxes shipping. */
  async setTaxRate(caller: Caller, input: TaxRateInput): Promise<ShippingZone> {
    requireAdmin(caller);
    const { category, ratePercent } = parseInput(taxRateInput, input);
    const { country, region } = this.rateRegion(input);
    if (!isId(input.zoneId) || !(await this.db.getRepository(ShippingZoneRow).existsBy({ id: input.zoneId })))
      throw notFound('Shipping zone');
    await this.db.getRepository(TaxRateRow).upsert(
      {
        zoneId: input.zoneId,
        category,
        country,
        region,
        rateMilliPercent: milliPercentOf(ratePercent),
        taxShipping: input.taxShipping ?? null,
      },
      ['zoneId', 'category', 'country', 'region'],
    );
    return this.zone(input.zoneId);
  }

  /** Removes a zone's rate for a category (or a region's): the category is then taxed at the zone's rate there, or 0%. */
  async removeTaxRate(caller: Caller, input: TaxRateKeyInput): Promise<ShippingZone> {
    requireAdmin(caller);
    const { country, region } = this.rateRegion(input);
    if (!isId(input.zoneId)) throw notFound('Shipping zone');
    const { affected } = await this.db
      .getRepository(TaxRateRow)
      .delete({ zoneId: input.zoneId, category: input.category, country, region });
    if (!affected) throw notFound('Tax rate');
    return this.zone(input.zoneId);
  }

  /** A rate's region checked against its country's (stored by its key); '' and '' for the zone's own rate. */
  private rateRegion(input: { country?: string | null; region?: string | null }): { country: string; region: string } {
    const country = input.country?.trim().toUpperCase() ?? '';
    const region = input.region?.trim() ?? '';
    if (!country && !region) return { country: '', region: '' };
    if (!country || !region) throw badInput("A region's rate names both its country and its region");
    const metadata = addressMetadata(country);
    const rules = metadata && addressRules(country as CountryCode, metadata);
    const known = rules && regionOf(rules, region);
    if (!known) throw badInput(`${region} is not a region of ${countryName(country)}`);
    return { country, region: known.key };
  }

  /**
   * The enabled methods that deliver to `place` and can carry the lines' weight, each priced for
   * them with the order's totals (and `adjustments`: a discount code's reduction), and why the
   * others are not offered; a place no zone covers is refused, as is an order too heavy for every
   * method; a shop without zones answers none.
   */
  async options(
    place: Place,
    lines: QuotedLine[],
    adjustments: readonly (Adjustment | Reduction)[] = [],
    reverseCharge = false,
  ): Promise<ShippingOptions> {
    const zone = await this.zoneOf(this.db.manager, place);
    if (zone === 'no zones') return { options: [], notOffered: [] };
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const grams = lines.reduce((sum, line) => sum + line.grams, 0);
    const enabled = zone.methods.filter((method) => method.enabled);
    const notOffered = enabled.flatMap((method) => tooHeavyFor(method, grams) ?? []);
    const carrying = enabled.filter((method) => tooHeavyFor(method, grams) === null);
    if (enabled.length && !carrying.length) throw badInput(notOffered.join('. '));
    const options = await Promise.all(
      carrying.map(async (method) => {
        const delivery = { shippingAmount: chargeFor(method, subtotal, grams), rates: zone.rates, taxShipping: zone.taxShipping };
        const { pricing: priced } = await this.tax.price({
          lines,
          delivery,
          destination: destinationOf(place),
          adjustments,
          reverseCharge,
        });
        const money = (amount: number) => this.shop.money(amount);
        return {
          id: method.id,
          name: method.name,
          price: money(priced.shippingAmount),
          minDays: method.minDays,
          maxDays: method.maxDays,
          totals: {
            subtotal: money(priced.subtotalAmount),
            adjustments: money(priced.adjustmentAmount),
            discount: money(priced.discountAmount),
            shipping: money(priced.shippingAmount),
            tax: money(priced.taxAmount),
            total: money(priced.totalAmount),
            // The checkout previews the quote's gift cards on these totals.
            giftCards: money(0),
            amountDue: money(priced.totalAmount),
            refunded: money(0),
          },
          giftCardPayments: [],
        };
      }),
    );
    return { options, notOffered };
  }

  /**
   * Delivery to `place` for an order of `subtotal` weighing `grams`: the method asked for (it must
   * serve the place and carry the weight), or the cheapest enabled one that can when none is named
   * (older clients), with its zone's tax rates; free and untaxed in a shop with no zones.
   */
  async quote(manager: EntityManager, place: Place, methodId: string | null, subtotal: number, grams: number): Promise<DeliveryQuote> {
    const zone = await this.zoneOf(manager, place);
    if (zone === 'no zones') return { methodId: null, methodName: null, shippingAmount: 0, rates: new Map(), taxShipping: null };
    const enabled = zone.methods.filter((method) => method.enabled);
    const charge = (method: ZoneMethod) => chargeFor(method, subtotal, grams);
    let method: ZoneMethod | undefined;
    if (methodId === null) {
      const carrying = enabled.filter((candidate) => tooHeavyFor(candidate, grams) === null);
      if (enabled.length && !carrying.length) throw badInput(tooHeavyFor(enabled[0], grams)!);
      method = carrying.sort((a, b) => charge(a) - charge(b))[0];
    } else {
      method = enabled.find((candidate) => candidate.id === methodId);
      if (!method) throw badInput(await this.refusalFor(manager, methodId, place.country));
      const tooHeavy = tooHeavyFor(method, grams);
      if (tooHeavy) throw badInput(tooHeavy);
    }
    if (!method) throw badInput(`We don't ship to ${countryName(place.country)} yet`);
    return {
      methodId: method.id,
      methodName: method.name,
      shippingAmount: charge(method),
      rates: zone.rates,
      taxShipping: zone.taxShipping,
    };
  }

  /** Why a method named for an order does not serve its country. */
  private async refusalFor(manager: EntityManager, methodId: string, country: string): Promise<string> {
    const named = isId(methodId) ? await manager.getRepository(ShippingMethodRow).findOneBy({ id: methodId }) : null;
    if (!named) throw notFound('Shipping method');
    return named.enabled ? `${named.name} does not deliver to ${countryName(country)}` : `${named.name} is no longer offered`;
  }

  /** The zone that covers `place` (its region's zone before its country's), with its methods and rates; 'no zones' when the shop has none. */
  private async zoneOf(manager: EntityManager, { country, region }: Place): Promise<ZoneOf | 'no zones'> {
    // One statement: it runs inside every checkout's transaction, while the stock rows are locked.
    const [row]: { zoneId: string | null; zones: number; methods: ZoneMethod[] | null; rates: ZoneRate[] | null }[] = await manager.query(
      `SELECT c."zoneId", (SELECT count(*) FROM "shipping_zone")::int AS "zones",
                (SELECT json_agg(json_build_object('id', m."id", 'name', m."name", 'priceAmount', m."priceAmount",
                                                   'freeOverAmount', m."freeOverAmount", 'minDays', m."minDays",
                                                   'maxDays', m."maxDays", 'enabled', m."enabled", 'weightBands', m."weightBands")
                                 ORDER BY m."priceAmount", m."createdAt")
                   FROM "shipping_method" m WHERE m."zoneId" = c."zoneId") AS "methods",
                (SELECT json_agg(json_build_object('category', r."category", 'rateMilliPercent', r."rateMilliPercent",
                                                   'regional', r."region" <> '', 'taxShipping', r."taxShipping"))
                   FROM "tax_rate" r WHERE r."zoneId" = c."zoneId" AND (r."country" = '' OR (r."country" = $1 AND r."region" = $2))) AS "rates"
           FROM (SELECT coalesce((SELECT "zoneId" FROM "shipping_zone_region" WHERE "country" = $1 AND "region" = $2),
                                 (SELECT "zoneId" FROM "shipping_zone_country" WHERE "country" = $1)) AS "zoneId") c`,
      [country, region ?? ''],
    );
    if (!row.zones) return 'no zones';
    if (!row.zoneId) throw badInput(`We don't ship to ${countryName(country)} yet`);
    // A region's rate wins over the zone's for its category.
    const chosen = new Map<TaxCategory, ZoneRate>();
    for (const rate of row.rates ?? []) if (rate.regional || !chosen.has(rate.category)) chosen.set(rate.category, rate);
    return {
      methods: row.methods ?? [],
      rates: new Map([...chosen].map(([category, rate]) => [category, rate.rateMilliPercent])),
      taxShipping: chosen.get('standard' as TaxCategory)?.taxShipping ?? null,
    };
  }

  /** A method as stored; one priced by weight keeps its first band's price as its price (what "cheapest first" sorts by). */
  private parseMethod(input: Omit<ShippingMethodInput, 'zoneId'>) {
    const { priceAmount, freeOverAmount, weightBands, ...method } = parseInput(shippingMethodInput, {
      ...input,
      priceAmount: input.price,
      freeOverAmount: input.freeOver,
      weightBands: input.weightBands?.map((band) => ({ upToGrams: band.upToGrams, priceAmount: band.price })),
      price: undefined,
      freeOver: undefined,
    });
    const bands = weightBands?.length ? weightBands : null;
    return {
      ...method,
      priceAmount: bands ? bands[0].priceAmount : priceAmount,
      freeOverAmount: freeOverAmount ?? null,
      weightBands: bands,
    };
  }

  /** A zone as given, each of its regions checked against its country's and stored by its key. */
  private parseZone(input: ShippingZoneInput) {
    const zone = parseInput(shippingZoneInput, { ...input, regions: input.regions ?? undefined });
    const regions = zone.regions.map(({ country, region }) => {
      const metadata = addressMetadata(country);
      const regions = metadata && addressRules(country as CountryCode, metadata);
      const known = regions && regionOf(regions, region);
      if (!known) throw badInput(`${region} is not a region of ${countryName(country)}`);
      return { country, region: known.key };
    });
    return { ...zone, regions };
  }

  private async setRegions(manager: EntityManager, zoneId: string, regions: Place[]): Promise<void> {
    const unique = [...new Map(regions.map((region) => [`${region.country}/${region.region}`, region])).values()];
    if (!unique.length) return;
    const taken: { country: string; region: string; name: string }[] = await manager.query(
      `SELECT r."country", r."region", z."name" FROM "shipping_zone_region" r JOIN "shipping_zone" z ON z."id" = r."zoneId"
        WHERE (r."country", r."region") IN (SELECT * FROM unnest($1::char(2)[], $2::varchar[])) AND r."zoneId" <> $3
        ORDER BY r."country", r."region"`,
      [unique.map((region) => region.country), unique.map((region) => region.region), zoneId],
    );
    if (taken.length) throw conflict(`${taken[0].region} (${countryName(taken[0].country)}) is already in the zone ${taken[0].name}`);
    await manager.getRepository(ShippingZoneRegion).insert(unique.map((region) => ({ ...region, region: region.region!, zoneId })));
  }

  private async setCountries(manager: EntityManager, zoneId: string, countries: string[]): Promise<void> {
    const unique = [...new Set(countries)];
    if (!unique.length) return;
    const taken: { country: string; name: string }[] = await manager.query(
      `SELECT c."country", z."name" FROM "shipping_zone_country" c JOIN "shipping_zone" z ON z."id" = c."zoneId"
        WHERE c."country" = ANY($1) AND c."zoneId" <> $2 ORDER BY c."country"`,
      [unique, zoneId],
    );
    if (taken.length) throw conflict(`${countryName(taken[0].country)} is already in the zone ${taken[0].name}`);
    await manager.getRepository(ShippingZoneCountry).insert(unique.map((country) => ({ country, zoneId })));
  }

  /** A zone write, answered with the zone; a name or a country taken meanwhile is a clean conflict. */
  private async writeZone(work: (manager: EntityManager) => Promise<string>): Promise<ShippingZone> {
    try {
      return await this.zone(await this.db.transaction(work));
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string; constraint?: string }).code === UNIQUE_VIOLATION) {
        const constraint = (error.driverError as { constraint?: string }).constraint;
        throw conflict(
          constraint === 'UQ_shipping_zone_name'
            ? 'Another zone has that name'
            : 'One of these countries or regions was just put in another zone',
        );
      }
      throw error;
    }
  }

  private async zone(id: string): Promise<ShippingZone> {
    const [zone] = await this.readZones(this.db.manager, id);
    if (!zone) throw notFound('Shipping zone');
    return zone;
  }

  private async method(id: string): Promise<ShippingMethod> {
    return this.toMethod(await this.db.getRepository(ShippingMethodRow).findOneByOrFail({ id }));
  }

  /** Every zone (or one), with its countries, methods and rates: one statement. */
  private async readZones(manager: EntityManager, id?: string): Promise<ShippingZone[]> {
    const rows: {
      id: string;
      name: string;
      countries: string[];
      regions: Place[];
      methods: ShippingMethodRow[];
      rates: { category: TaxCategory; rateMilliPercent: number; country: string; region: string; taxShipping: boolean | null }[];
    }[] = await manager.query(
      `SELECT z."id", z."name",
              coalesce((SELECT array_agg(c."country" ORDER BY c."country") FROM "shipping_zone_country" c WHERE c."zoneId" = z."id"), '{}') AS "countries",
              coalesce((SELECT json_agg(json_build_object('country', r."country", 'region', r."region") ORDER BY r."country", r."region")
                          FROM "shipping_zone_region" r WHERE r."zoneId" = z."id"), '[]') AS "regions",
              coalesce((SELECT json_agg(m ORDER BY m."priceAmount", m."createdAt") FROM "shipping_method" m WHERE m."zoneId" = z."id"), '[]') AS "methods",
              coalesce((SELECT json_agg(r ORDER BY r."country", r."region", r."category") FROM "tax_rate" r WHERE r."zoneId" = z."id"), '[]') AS "rates"
         FROM "shipping_zone" z ${id ? 'WHERE z."id" = $1' : ''}
        ORDER BY lower(z."name")`,
      id ? [id] : [],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      countries: row.countries,
      regions: row.regions.map((place) => ({
        country: place.country,
        region: place.region!,
        name: regionName(place.country, place.region!),
      })),
      methods: row.methods.map((method) => this.toMethod(method)),
      taxRates: row.rates.map((rate) => ({
        category: rate.category,
        ratePercent: percentOfMilliPercent(rate.rateMilliPercent),
        country: rate.country || null,
        region: rate.region || null,
        regionName: rate.region ? regionName(rate.country, rate.region) : null,
        taxShipping: rate.taxShipping,
      })),
    }));
  }

  private toMethod(row: ShippingMethodRow): ShippingMethod {
    return {
      id: row.id,
      zoneId: row.zoneId,
      name: row.name,
      price: this.shop.money(row.priceAmount),
      freeOver: row.freeOverAmount === null ? null : this.shop.money(row.freeOverAmount),
      minDays: row.minDays,
      maxDays: row.maxDays,
      enabled: row.enabled,
      weightBands: row.weightBands?.map((band) => ({ upToGrams: band.upToGrams, price: this.shop.money(band.priceAmount) })) ?? null,
    };
  }
}

type ZoneMethod = Pick<
  ShippingMethodRow,
  'id' | 'name' | 'priceAmount' | 'freeOverAmount' | 'minDays' | 'maxDays' | 'enabled' | 'weightBands'
>;
interface ZoneOf extends ZoneRates {
  methods: ZoneMethod[];
}
/** A rate of the zone that applies to a place: the zone's, or its region's (which wins). */
interface ZoneRate {
  category: TaxCategory;
  rateMilliPercent: number;
  regional: boolean;
  taxShipping: boolean | null;
}

/** A place as tax reads it. */
const destinationOf = ({ country, region, postalCode }: Place) => ({ country, region, postalCode: postalCode ?? null });

/**
 * A method's price for an order of `subtotal` weighing `grams` (one it can carry): its weight
 * band's, or its flat price; free once the subtotal reaches its threshold.
 */
const chargeFor = (method: Pick<ZoneMethod, 'priceAmount' | 'freeOverAmount' | 'weightBands'>, subtotal: number, grams: number) =>
  method.freeOverAmount !== null && subtotal >= method.freeOverAmount
    ? 0
    : method.weightBands?.length
      ? (bandPrice(method.weightBands, grams) ?? method.priceAmount)
      : method.priceAmount;

/** A region's name as its country's addresses show it ("California"). */
function regionName(country: string, key: string): string {
  const metadata = addressMetadata(country);
  const regions = metadata && addressRules(country as CountryCode, metadata).regions;
  return regions?.find((region) => region.key === key)?.name ?? key;
}
