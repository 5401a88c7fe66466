import { existsSync } from 'node:fs';
import path from 'node:path';
import { ProductKind, TaxCategory } from '../modules/catalog/product.entity';

/**
 * Product photos for the demo catalogue: drawings that ship with the repo (nothing is downloaded),
 * in `backend/seed-images`, found upwards from here (src/seed, dist/seed or dist-dev/src/seed).
 */
export const seedImagesDir = seedImagesAbove(__dirname);

function seedImagesAbove(dir: string): string {
  const here = path.join(dir, 'seed-images');
  if (existsSync(here)) return here;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error(`No seed-images folder above ${__dirname}`);
  return seedImagesAbove(parent);
}

export interface DemoProduct {
  slug: string;
  name: string;
  description: string;
  price: number;
  quantity: number;
  minimumQuantity: number;
  engravable: boolean;
  engravingMaxLength: number;
  engravingPrice: number;
  /** A bladed article (age checks, per-country rules, marked parcels); the default. */
  ageRestricted?: boolean;
  /** A knife (the default) or a gift card. */
  kind?: ProductKind;
  taxCategory?: TaxCategory;
}

/** Every demo knife takes an engraving; the surcharge and length suit the blade. */
const engraving = (engravingMaxLength: number, engravingPrice: number) => ({ engravable: true, engravingMaxLength, engravingPrice });

export const demoProducts: DemoProduct[] = [
  {
    slug: 'damascus-chef',
    name: 'Damascus Chef Knife 8"',
    description: '67-layer Damascus steel chef knife with a walnut handle. Your name or a short motto laser-engraved along the spine.',
    price: 189,
    quantity: 40,
    minimumQuantity: 1,
    ...engraving(30, 15),
  },
  {
    slug: 'santoku',
    name: 'Engraved Santoku 7"',
    description: 'Hollow-edge santoku in VG-10 steel, engraved on the flat with a monogram of up to three letters.',
    price: 129,
    quantity: 55,
    minimumQuantity: 1,
    ...engraving(24, 12),
  },
  {
    slug: 'bushcraft',
    name: 'Bushcraft Fixed Blade',
    description: 'Full-tang 1095 carbon steel bushcraft knife with a leather sheath; the sheath and blade are both engravable.',
    price: 149,
    quantity: 30,
    minimumQuantity: 1,
    ...engraving(24, 12),
  },
  {
    slug: 'pocket-folder',
    name: 'Groomsman Pocket Folder',
    description: 'Slim liner-lock folding knife with a rosewood scale, engraved with names and a date. Sold in sets for wedding parties.',
    price: 39,
    quantity: 400,
    minimumQuantity: 5,
    ...engraving(20, 8),
  },
  {
    slug: 'bread-knife',
    name: 'Serrated Bread Knife 9"',
    description: 'Scalloped stainless bread knife with an olive-wood handle, engraved with a family name for the kitchen.',
    price: 79,
    quantity: 60,
    minimumQuantity: 1,
    ...engraving(30, 12),
  },
  {
    slug: 'hunting-skinner',
    name: 'Hunting Skinner',
    description: 'Drop-point skinning knife in D2 tool steel with a stag-antler handle and a custom engraved bolster.',
    price: 169,
    quantity: 25,
    minimumQuantity: 1,
    ...engraving(20, 15),
  },
  {
    slug: 'steak-set',
    name: 'Steak Knife Set of 6',
    description: 'Six forged steak knives in a beech box; the box lid and every blade carry the same engraving.',
    price: 219,
    quantity: 35,
    minimumQuantity: 1,
    ...engraving(24, 20),
  },
  {
    slug: 'cleaver',
    name: 'Butcher Cleaver',
    description: 'Heavy 7" cleaver in high-carbon stainless steel with a riveted pakkawood handle and a deep-etched logo.',
    price: 99,
    quantity: 45,
    minimumQuantity: 1,
    ...engraving(24, 10),
  },
  {
    slug: 'paring',
    name: 'Paring Knife 3.5"',
    description: 'Nimble paring knife for fine kitchen work, engraved with initials near the heel. A favourite stocking filler.',
    price: 29,
    quantity: 300,
    minimumQuantity: 2,
    ...engraving(16, 6),
  },
  {
    slug: 'katana-letter',
    name: 'Katana Letter Opener',
    description: 'Desk-sized katana replica that opens letters, with an engraved stand for a name and a title.',
    price: 59,
    quantity: 80,
    minimumQuantity: 1,
    ...engraving(40, 10),
  },
  {
    slug: 'tanto-edc',
    name: 'Tanto EDC Knife',
    description: 'Everyday-carry tanto folder with a titanium frame lock and a stonewashed blade, engraved on the pocket clip.',
    price: 119,
    quantity: 50,
    minimumQuantity: 1,
    ...engraving(20, 10),
  },
  {
    slug: 'nakiri',
    name: 'Nakiri Vegetable Knife',
    description: 'Thin, flat nakiri for clean vegetable cuts, in SG2 powder steel with a hand-engraved kanji of your choosing.',
    price: 159,
    quantity: 20,
    minimumQuantity: 1,
    ...engraving(16, 15),
  },
  {
    slug: 'corporate-multitool',
    name: 'Corporate Multitool',
    description: 'Stainless multitool with pliers, blade and drivers, engraved with a company logo. For teams and events.',
    price: 49,
    quantity: 500,
    minimumQuantity: 10,
    ...engraving(24, 5),
  },
  {
    slug: 'machete',
    name: 'Engraved Machete',
    description: 'Eighteen-inch carbon steel machete with a polymer grip, etched with a name or trail motto.',
    price: 89,
    quantity: 15,
    minimumQuantity: 1,
    ...engraving(40, 12),
  },
  {
    slug: 'whetstone',
    name: 'Combination Whetstone 1000/6000',
    description:
      'A two-sided sharpening stone on a walnut base engraved with your name: 1000 grit to set the edge, 6000 to polish it. Not a blade: no age check.',
    price: 45,
    quantity: 80,
    minimumQuantity: 1,
    ...engraving(24, 8),
    ageRestricted: false,
  },
  {
    // Denominations as variants (demoGiftCard); no stock is taken, nothing is delivered, never age-restricted, never taxed when bought.
    slug: 'gift-card',
    name: 'Keen gift card',
    description:
      'A gift card for the knife of their choosing: its code is mailed to them (or to you) on payment or on the day you choose, with your message.',
    price: 50,
    quantity: 0,
    minimumQuantity: 1,
    engravable: false,
    engravingMaxLength: 24,
    engravingPrice: 0,
    ageRestricted: false,
    kind: ProductKind.GIFT_CARD,
    taxCategory: TaxCategory.zero,
  },
];

/** Customers' reviews: of a knife (by its demo slug), or of the shop as a whole (null). */
export const demoReviews: { userName: string; product: string | null; email: string; star: number; description: string }[] = [
  {
    userName: 'Marta Ruiz',
    product: 'damascus-chef',
    email: 'marta@example.com',
    star: 5,
    description:
      'The Damascus chef knife arrived razor sharp and the engraving of our family motto is crisp and deep. A gift that will last decades.',
  },
  {
    userName: 'Jonas Weber',
    product: null,
    email: 'jonas@example.com',
    star: 4,
    description:
      'Ordered twelve groomsman folders. Every name was spelled right and the box looked great; shipping took a day longer than hoped.',
  },
  {
    userName: 'Priya Nair',
    product: 'nakiri',
    email: 'priya@example.com',
    star: 5,
    description: 'The nakiri is a joy to use and the hand-engraved kanji is beautiful. Customer support answered within the hour.',
  },
  {
    userName: 'Tom Becker',
    product: 'bushcraft',
    email: 'tom@example.com',
    star: 4,
    description: 'Solid bushcraft knife, holds an edge well. The engraved sheath is a nice touch.',
  },
];

/**
 * The demo knife sold in several blade lengths and handles, one length made to measure: each
 * variant costs the product's price plus its values' surcharges, and starts with `stock` units.
 */
export const demoVariants = {
  slug: 'nakiri',
  groups: [
    {
      name: 'Blade length',
      values: ['16.5 cm', '18 cm'],
      custom: { label: 'Made to measure', min: 12, max: 24, unit: 'cm', surcharge: 40 },
    },
    { name: 'Handle', values: ['Walnut', 'Ebony'] },
  ],
  surcharges: { '18 cm': 15, Ebony: 20 } as Record<string, number>,
  stock: 5,
};

/** The demo gift card's denominations, in major units of the shop currency: one variant each. */
export const demoGiftCard = { slug: 'gift-card', group: 'Amount', amounts: [50, 100, 200] };

/** The demo's collections, in order, each with its knives (by their demo slugs) in shelf order. */
export const demoCollections: { name: string; slug: string; description: string; products: string[] }[] = [
  {
    name: 'Kitchen',
    slug: 'kitchen',
    description: "Chef's knives, santokus, cleavers and bread knives for the kitchen, each engraved to order.",
    products: ['damascus-chef', 'santoku', 'nakiri', 'cleaver', 'bread-knife', 'paring', 'steak-set', 'whetstone'],
  },
  {
    name: 'Outdoor',
    slug: 'outdoor',
    description: 'Bushcraft, hunting and everyday-carry blades for the field and the trail.',
    products: ['bushcraft', 'hunting-skinner', 'tanto-edc', 'machete', 'pocket-folder'],
  },
  {
    name: 'Gifts',
    slug: 'gifts',
    description: 'Knives people keep for life: a name, a date or a motto engraved on the blade.',
    products: ['damascus-chef', 'pocket-folder', 'katana-letter', 'corporate-multitool', 'steak-set', 'whetstone', 'gift-card'],
  },
];
