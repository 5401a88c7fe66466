import { formatMoney, milliPercentOf, toMinorUnits } from '@keen/rules';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config, DemoAccount } from '../config';
import { raise } from '../events/outbox';
import { productPayload } from '../modules/catalog/catalog.service';
import { Product } from '../modules/catalog/product.entity';
import { freeSlugs, slugPart } from '../modules/catalog/slugs';
import { addOnlyVariant } from '../modules/catalog/variants';
import { Review } from '../modules/reviews/review.entity';
import { User } from '../modules/users/user.entity';
import type { IdentityService } from '../modules/auth/identity';
import type { UsersService } from '../modules/users/users.service';
import type { AddressesService } from '../modules/addresses/addresses.service';
import { demoCollections, demoGiftCard, demoProducts, demoReviews, demoVariants } from './demo-catalogue';
import { storeDemoPhotos } from './demo-photos';
import type { UploadsService } from '../modules/uploads';
import { Collection, CollectionProduct } from '../modules/collections/collection.entity';
import { ProductImage } from '../modules/catalog/product-image.entity';
import type { Caller } from '../modules/auth/caller';
import { VariantsService } from '../modules/catalog/variants.service';
import { TaxCategory } from '../modules/catalog/product.entity';
import { Order } from '../modules/orders/order.entity';
import { ShippingMethodRow, ShippingZoneCountry, ShippingZoneRow, TaxRateRow } from '../modules/shipping/shipping.entity';
import { BladeHandover, BladeRule } from '../modules/compliance/blade-rule.entity';

/**
 * Fills an empty catalogue with the demo knives and reviews; leaves a used shop alone. The demo's
 * prices are numbers of the shop currency's major units (189 is $189.00 in USD, ¥189 in JPY).
 * Each knife's photo is its drawing rendered photo-sized and stored as an upload (`demo-photos.ts`).
 */
export async function seedCatalogue(db: DataSource, uploads: UploadsService, logger: Logger, currency = 'USD'): Promise<void> {
  if ((await db.getRepository(Product).count()) > 0) return;
  const photos = await storeDemoPhotos(
    uploads,
    demoProducts.map((product) => product.slug),
  );
  const [variantKnife, giftCard] = await db.transaction(async (manager) => {
    // One second apart, so "newest" and "first" orders follow the catalogue as written.
    const start = Date.now() - demoProducts.length * 1000;
    const slugs = await freeSlugs(
      manager,
      demoProducts.map((product) => slugPart(product.name)),
    );
    const products = await manager.getRepository(Product).save(
      demoProducts.map(({ slug: image, price, engravingPrice, ageRestricted = true, ...product }, index) =>
        manager.getRepository(Product).create({
          ...product,
          slug: slugs[index],
          priceAmount: toMinorUnits(price, currency),
          engravingAmount: toMinorUnits(engravingPrice, currency),
          img: photos.get(image)!,
          // Every demo knife is sold after an age check and shipped as a bladed article; the whetstone is not a blade.
          ageRestricted,
          createdAt: new Date(start + index * 1000),
        }),
      ),
    );
    for (const product of products) await addOnlyVariant(manager, product);
    await manager.insert(
      ProductImage,
      products.map((product) => ({ productId: product.id, url: product.img, alt: `Drawing of the ${product.name}`, position: 0 })),
    );
    const idOf = (demoSlug: string) => products[demoProducts.findIndex((demo) => demo.slug === demoSlug)].id;
    const reviews = await manager.getRepository(Review).save(
      demoReviews.map(({ product, ...review }) =>
        manager.getRepository(Review).create({
          ...review,
          name: review.userName,
          img: null,
          authorId: null,
          productId: product === null ? null : idOf(product),
        }),
      ),
    );
    const collections = await manager
      .getRepository(Collection)
      .save(
        demoCollections.map(({ products: _shelf, ...collection }, position) =>
          manager.getRepository(Collection).create({ ...collection, image: null, position }),
        ),
      );
    await manager.insert(
      CollectionProduct,
      demoCollections.flatMap((demo, index) =>
        demo.products.map((slug, position) => ({ collectionId: collections[index].id, productId: idOf(slug), position })),
      ),
    );
    // Like any write, the seed's is followed by its events: public answers cached before it are forgotten.
    for (const product of products) await raise(manager, 'product.created', product.id, productPayload(product, currency));
    for (const { id } of collections) await raise(manager, 'collection.changed', id, { collectionId: id });
    for (const { id, star, productId } of reviews) {
      await raise(manager, 'review.added', id, { reviewId: id, authorId: null, productId, rating: star });
    }
    return [idOf(demoVariants.slug), idOf(demoGiftCard.slug)].map((id) => products.find((product) => product.id === id)!);
  });
  await seedVariants(db, variantKnife, currency);
  await seedGiftCard(db, giftCard, currency);
  logger.info({ products: demoProducts.length, reviews: demoReviews.length }, 'seeded the demo catalogue');
}

/** The seed edits the catalogue as an integrator with catalog:write would, through the same rules. */
const SEED_CALLER: Caller = { user: null, apiKey: { id: 'demo-seed', name: 'Demo catalogue', scopes: ['catalog:write'] } };

/** Gives the demo's variant knife its options, then each variant its price and stock. */
async function seedVariants(db: DataSource, product: Product, currency: string): Promise<void> {
  const variants = new VariantsService(db, currency);
  const groups = demoVariants.groups.map(({ custom, ...group }) => ({
    ...group,
    custom: custom && { ...custom, surchargeAmount: toMinorUnits(custom.surcharge, currency) },
  }));
  await variants.setOptions(SEED_CALLER, product.id, groups);
  const [made] = (await variants.of(SEED_CALLER, [product.id])).values();
  for (const variant of made) {
    const extra = variant.options.reduce((sum, option) => sum + (demoVariants.surcharges[option.name] ?? 0), 0);
    await variants.updateVariant(SEED_CALLER, variant.id, {
      priceAmount: product.priceAmount + toMinorUnits(extra, currency),
      quantity: demoVariants.stock,
    });
  }
}

/** Gives the demo gift card its denominations ("$50.00", "$100.00", "$200.00" in USD), one variant each at that price. */
async function seedGiftCard(db: DataSource, product: Product, currency: string): Promise<void> {
  const variants = new VariantsService(db, currency);
  const names = demoGiftCard.amounts.map((amount) => formatMoney(toMinorUnits(amount, currency), currency));
  await variants.setOptions(SEED_CALLER, product.id, [{ name: demoGiftCard.group, values: names }]);
  const [made] = (await variants.of(SEED_CALLER, [product.id])).values();
  for (const variant of made) {
    const amount = demoGiftCard.amounts[names.indexOf(variant.options[0].name)];
    await variants.updateVariant(SEED_CALLER, variant.id, { priceAmount: toMinorUnits(amount, currency), quantity: 0 });
  }
}

/**
 * The demo's delivery: the United States at 0% (sales tax is the merchant's own setup), the
 * United Kingdom with the EU at 20% VAT, two methods each, and Australia (10% GST), where the
 * demo's rule sends no blades. Amounts in major units.
 */
const demoZones = [
  {
    name: 'United States',
    countries: ['US'],
    standardRatePercent: 0,
    methods: [
      { name: 'Standard (US)', price: 8, freeOver: 150, minDays: 3, maxDays: 6 },
      { name: 'Express (US)', price: 25, freeOver: null, minDays: 1, maxDays: 2 },
    ],
  },
  {
    name: 'United Kingdom and EU',
    countries: ['GB', 'IE', 'FR', 'DE', 'NL', 'BE', 'LU', 'AT', 'IT', 'ES', 'PT', 'DK', 'SE', 'FI', 'PL', 'CZ'],
    standardRatePercent: 20,
    methods: [
      { name: 'Standard (UK and EU)', price: 12, freeOver: 200, minDays: 3, maxDays: 7 },
      { name: 'Express (UK and EU)', price: 30, freeOver: null, minDays: 1, maxDays: 3 },
    ],
  },
  {
    // Delivered to, but its rule takes no blades: a cart's knives are refused there by name, the whetstone still ships.
    name: 'Australia',
    countries: ['AU'],
    standardRatePercent: 10,
    methods: [{ name: 'International (Australia)', price: 35, freeOver: null, minDays: 7, maxDays: 14 }],
  },
];

/**
 * Gives a new demo shop (no zones, no orders yet) its delivery zones, methods and standard tax
 * rates, so that `npm start` can buy to both; a shop that already took orders keeps its setup.
 */
export async function seedShipping(db: DataSource, logger: Logger, currency = 'USD'): Promise<void> {
  if ((await db.getRepository(ShippingZoneRow).count()) > 0 || (await db.getRepository(Order).count()) > 0) return;
  await db.transaction(async (manager) => {
    for (const zone of demoZones) {
      const { id } = await manager.getRepository(ShippingZoneRow).save({ name: zone.name });
      await manager.getRepository(ShippingZoneCountry).insert(zone.countries.map((country) => ({ country, zoneId: id })));
      await manager.getRepository(ShippingMethodRow).insert(
        zone.methods.map(({ price, freeOver, ...method }) => ({
          ...method,
          zoneId: id,
          priceAmount: toMinorUnits(price, currency),
          freeOverAmount: freeOver === null ? null : toMinorUnits(freeOver, currency),
        })),
      );
      await manager
        .getRepository(TaxRateRow)
        .insert({ zoneId: id, category: TaxCategory.standard, rateMilliPercent: milliPercentOf(zone.standardRatePercent) });
    }
  });
  logger.info({ zones: demoZones.length }, 'seeded the demo delivery zones');
}

/**
 * The demo's rules for bladed articles. DEMO DATA, NOT LEGAL ADVICE: a shop sets its own rules
 * for where it sells blades, from the law where it sells and its carriers' terms. The UK: 18 and
 * an age-verified handover; the EU countries of the demo zone and the US: 18, handed over as any
 * parcel; Australia: no blades (many shops do not send knives there), though the shop delivers its other goods there.
 */
export const demoBladeRules: { country: string; minimumAge: number; allowed: boolean; handover: BladeHandover }[] = [
  { country: 'GB', minimumAge: 18, allowed: true, handover: BladeHandover.ageVerified },
  { country: 'AU', minimumAge: 18, allowed: false, handover: BladeHandover.standard },
  ...demoZones
    .flatMap((zone) => zone.countries)
    .filter((country) => country !== 'GB' && country !== 'AU')
    .map((country) => ({ country, minimumAge: 18, allowed: true, handover: BladeHandover.standard })),
];

/** Gives a new demo shop (no rules, no orders yet) the demo's rules for bladed articles; a shop that took orders keeps its own. */
export async function seedBladeRules(db: DataSource, logger: Logger): Promise<void> {
  if ((await db.getRepository(BladeRule).count()) > 0 || (await db.getRepository(Order).count()) > 0) return;
  await db.getRepository(BladeRule).insert(demoBladeRules.map((rule) => ({ ...rule, updatedBy: null })));
  logger.info({ rules: demoBladeRules.length }, 'seeded the demo rules for bladed articles');
}

/** Demo accounts are made in the identity provider and as profile rows. */
interface DemoAccountServices {
  identity: IdentityService;
  users: UsersService;
  addresses: AddressesService;
}

/** Where the demo accounts live: the customer in the US, the admin in the UK, each their address book's default. */
const demoAddresses = {
  customer: { line1: '1 Market Street', city: 'San Francisco', region: 'CA', postalCode: '94103', country: 'US', phone: '+1 415 555 0100' },
  admin: { line1: '1 Forge Lane', city: 'Sheffield', region: null, postalCode: 'S1 2HE', country: 'GB', phone: '+44 114 496 0000' },
};

/**
 * With the Auth Emulator, makes sure the demo admin and customer can sign in, and gives them
 * complete profiles and an address to ship to. The admin is an admin through ADMIN_EMAILS.
 */
export async function seedDemoAccounts(db: DataSource, services: DemoAccountServices, config: Config): Promise<void> {
  if (!config.firebase.emulatorHost) return;
  for (const role of ['admin', 'customer'] as const) {
    const account = config.demoAccounts[role];
    const home = demoAddresses[role];
    await ensureAuthAccount(services, account);
    const user = await services.users.findOrCreate({ email: account.email, name: account.name, picture: null, emailVerified: true });
    if (!user.address) {
      const { line1, city, region, postalCode } = home;
      await db
        .getRepository(User)
        .update(
          { id: user.id },
          { name: account.name, address: [line1, city, region, postalCode].filter(Boolean).join(', '), phone: home.phone },
        );
    }
    const book = (await services.addresses.booksOf([user.id])).get(user.id)!;
    if (!book.length) await services.addresses.save({ user, emailVerified: true }, { ...home, name: account.name });
  }
}

async function ensureAuthAccount(services: DemoAccountServices, account: DemoAccount): Promise<void> {
  try {
    const existing = await services.identity.auth.getUserByEmail(account.email);
    // Accounts kept from before demo accounts were created verified.
    if (!existing.emailVerified) await services.identity.auth.updateUser(existing.uid, { emailVerified: true });
  } catch {
    await services.identity.auth.createUser({
      email: account.email,
      password: account.password,
      displayName: account.name,
      emailVerified: true,
    });
  }
}
