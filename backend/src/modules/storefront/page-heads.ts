import { currencyDecimals, PRODUCT_PHOTO_SIZES, responsiveSrcSet, toMajorUnits } from '@keen/rules';

/**
 * The <head> the server writes into a public page before any JavaScript runs: title, description,
 * canonical link, Open Graph and Twitter cards, and JSON-LD for search engines. Plain functions of
 * the shop and the product, so that what a page says is tested without a browser.
 */

/** Who the shop is, as its pages name it. */
export interface ShopIdentity {
  name: string;
  /** Absolute, without a trailing slash (config SHOP_URL). */
  url: string;
  /** ISO 4217: what offers are priced in. */
  currency: string;
}

/** What a product page says of its product. */
export interface ProductHeadFacts {
  name: string;
  slug: string;
  description: string;
  img: string;
  /** The lowest price of its enabled variants, in minor units. */
  priceAmount: number;
  /** Whether an enabled variant has its minimum order quantity in stock. */
  inStock: boolean;
  /** From its own reviews; null (no aggregateRating) when it has none. */
  rating: { average: number; count: number } | null;
  /** Its gallery in order (the first is `img`); the card's alt text is the first photo's, or the name. */
  images: { url: string; alt: string }[];
}

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as it may stand in an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

/**
 * A JSON-LD block. Inside <script> nothing is decoded, so the JSON itself must not hold "</script"
 * nor "<!--": every <, > and & is written as its \u escape, which JSON.parse reads back unchanged.
 */
export function jsonLd(data: object): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}

/** A description as search engines and link previews show it: one line, at most about 160 characters, cut at a word. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > DESCRIPTION_LENGTH / 2 ? cut.slice(0, word) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

/** `path` on the shop's own origin: "/products/santoku" -> "https://shop.example.com/products/santoku". */
const absolute = (shop: ShopIdentity, path: string) => new URL(path, `${shop.url}/`).toString();

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

interface HeadParts {
  title: string;
  description: string;
  /** The canonical path ("/products"); null for a page search engines should not keep (not found). */
  path: string | null;
  /** Open Graph and Twitter cards: their type, title and image; none on a page without a preview. */
  card?: { type: 'website' | 'product'; title: string; image: string | null; imageAlt: string };
  /** Further meta tags (a product's price). */
  extra?: string[];
  structuredData?: object[];
}

function head(shop: ShopIdentity, { title, description, path, card, extra = [], structuredData = [] }: HeadParts): string {
  const url = path === null ? null : absolute(shop, path);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    url === null ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(url)}">`,
  ];
  if (card && url !== null) {
    const image = card.image === null ? null : absolute(shop, card.image);
    tags.push(
      meta('property', 'og:type', card.type),
      meta('property', 'og:site_name', shop.name),
      meta('property', 'og:title', card.title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      ...(image === null ? [] : [meta('property', 'og:image', image), meta('property', 'og:image:alt', card.imageAlt)]),
      meta('name', 'twitter:card', image === null ? 'summary' : 'summary_large_image'),
      meta('name', 'twitter:title', card.title),
      meta('name', 'twitter:description', description),
      ...(image === null ? [] : [meta('name', 'twitter:image', image), meta('name', 'twitter:image:alt', card.imageAlt)]),
    );
  }
  return [...tags, ...extra, ...structuredData.map(jsonLd)].join('');
}

/** The home page: the shop, with Organization and WebSite (and its product search) for search engines. */
export function homeHead(shop: ShopIdentity): string {
  const url = absolute(shop, '/');
  return head(shop, {
    title: `${shop.name}: engraved knives and blades`,
    description: `${shop.name} sells knives and blades and engraves any of them: choose a knife, add your words in the font you like, and order online.`,
    path: '/',
    card: { type: 'website', title: shop.name, image: null, imageAlt: '' },
    structuredData: [
      { '@context': 'https://schema.org', '@type': 'Organization', name: shop.name, url },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: shop.name,
        url,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${absolute(shop, '/products')}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  });
}

/** A page of the shop without data of its own (/products, /reviews): its title, description and canonical link. */
export function listHead(shop: ShopIdentity, page: { name: string; description: string; path: string }): string {
  return head(shop, {
    title: `${page.name} | ${shop.name}`,
    description: page.description,
    path: page.path,
    card: { type: 'website', title: `${page.name} | ${shop.name}`, image: null, imageAlt: '' },
  });
}

/** What an unknown address answers with its 404: a title, and no place in search results. */
export function notFoundHead(shop: ShopIdentity): string {
  return head(shop, { title: `Page not found | ${shop.name}`, description: 'There is no such page.', path: null });
}

/**
 * The page's first photo, its largest paint, asked for with the HTML rather than once the script has
 * run and the product has loaded: the width the page's <img> will choose (its srcset and sizes).
 */
function preloadPhoto(url: string): string {
  const srcset = responsiveSrcSet(url);
  const sizes = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(PRODUCT_PHOTO_SIZES)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(url)}"${sizes} fetchpriority="high">`;
}

/** The path of a product's public page. */
export const productPath = (slug: string) => `/products/${slug}`;

/** A product page: its cards with its photo and price, and Product (with its offer) and BreadcrumbList for search engines. */
export function productHead(shop: ShopIdentity, product: ProductHeadFacts): string {
  const path = productPath(product.slug);
  const url = absolute(shop, path);
  const images = product.images.length ? product.images.map((photo) => absolute(shop, photo.url)) : [absolute(shop, product.img)];
  const description = shortDescription(product.description);
  const price = toMajorUnits(product.priceAmount, shop.currency).toFixed(currencyDecimals(shop.currency));
  const availability = product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  return head(shop, {
    title: `${product.name} | ${shop.name}`,
    description,
    path,
    card: { type: 'product', title: product.name, image: product.img, imageAlt: product.images[0]?.alt || product.name },
    extra: [
      preloadPhoto(product.images[0]?.url ?? product.img),
      meta('property', 'product:price:amount', price),
      meta('property', 'product:price:currency', shop.currency),
      meta('property', 'product:availability', product.inStock ? 'in stock' : 'out of stock'),
    ],
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description,
        image: images,
        url,
        brand: { '@type': 'Brand', name: shop.name },
        offers: { '@type': 'Offer', price, priceCurrency: shop.currency, availability, url },
        ...(product.rating
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: product.rating.average,
                reviewCount: product.rating.count,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: absolute(shop, '/') },
          { '@type': 'ListItem', position: 2, name: 'Products', item: absolute(shop, '/products') },
          { '@type': 'ListItem', position: 3, name: product.name, item: url },
        ],
      },
    ],
  });
}

/** What a collection page says of its collection. */
export interface CollectionHeadFacts {
  name: string;
  slug: string;
  description: string;
  /** Its picture, or its first product's photo; null for an empty collection without one. */
  image: string | null;
}

export const collectionPath = (slug: string) => `/collections/${slug}`;

/** A collection page: its card, and CollectionPage and BreadcrumbList for search engines. */
export function collectionHead(shop: ShopIdentity, collection: CollectionHeadFacts): string {
  const path = collectionPath(collection.slug);
  const url = absolute(shop, path);
  const description = shortDescription(
    collection.description || `${collection.name}: knives and blades from ${shop.name}, engraved to order.`,
  );
  return head(shop, {
    title: `${collection.name} | ${shop.name}`,
    description,
    path,
    card: { type: 'website', title: collection.name, image: collection.image, imageAlt: collection.name },
    structuredData: [
      { '@context': 'https://schema.org', '@type': 'CollectionPage', name: collection.name, description, url },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: absolute(shop, '/') },
          { '@type': 'ListItem', position: 2, name: 'Products', item: absolute(shop, '/products') },
          { '@type': 'ListItem', position: 3, name: collection.name, item: url },
        ],
      },
    ],
  });
}
