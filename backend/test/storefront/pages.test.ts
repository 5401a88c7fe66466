import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_PHOTO_SIZES } from '@keen/rules';
import { shortDescription } from '../../src/modules/storefront/page-heads';
import { sitemapXml } from '../../src/modules/storefront/sitemap';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * What the server sends for the public pages before any JavaScript runs: each page's head written
 * into the client's index.html, a 404 for an unknown product and a 301 for an old slug; and
 * sitemap.xml and robots.txt, made from the catalogue.
 */
const SHOP = 'https://shop.example.com';
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'keen-client-'));
/** The client's page as Vite builds it: its own title and description, and its script. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Keen: engraved knives and blades" />
    <title>Keen: engraved knives and blades</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
writeFileSync(path.join(clientDir, 'index.html'), INDEX);
/** What the client's build lists of its public pages' chunks (frontend/vite.config.ts, pageModules); one name no chunk has. */
mkdirSync(path.join(clientDir, '.vite'));
writeFileSync(
  path.join(clientDir, '.vite', 'page-modules.json'),
  JSON.stringify({
    pages: [
      { route: '/products', modules: ['/assets/storefront-abc.js', '/assets/Toast-def.js'] },
      { route: '/products/:slug', modules: ['/assets/storefront-abc.js', '/assets/Toast-def.js', '"><script>alert(1)</script>'] },
    ],
  }),
);

let app: TestApp;
let admin: TestSession;
beforeAll(async () => {
  app = await startTestApp({ CLIENT_DIR: clientDir, SHOP_URL: `${SHOP}/` });
  admin = await app.adminUser();
});
afterAll(async () => {
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** A GET as a browser or crawler sends it, redirects not followed. */
async function page(urlPath: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${urlPath}`, { redirect: 'manual', headers: { accept: 'text/html', ...headers } });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The page's JSON-LD blocks, parsed. */
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]));

/** The content of `<meta {attribute}="{key}" content="...">`, HTML entities decoded. */
function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const found = new RegExp(`<meta ${attribute}="${key.replace(/[.:+]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
  return found
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const preloadsOf = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
const modulePreloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)].map((match) => match[1]);

const CREATE = 'mutation($input: ProductInput!) { createProduct(input: $input) { id slug updatedAt } }';
async function create(input: Record<string, unknown>): Promise<{ id: string; slug: string; updatedAt: string }> {
  const res = await app.gql(CREATE, { input: { price: 40, quantity: 5, minimumQuantity: 1, img: '/images/santoku.svg', ...input } }, admin);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createProduct;
}

describe('a product page', () => {
  const name = `Sneaky </script><script>alert("x")</script> "Santoku" & 'Co' <!--`;
  const description = `A hollow-edge santoku </script> for "fine" work & more. ${'Hand forged from layered steel. '.repeat(8)}`;
  let product: { id: string; slug: string };
  beforeAll(async () => {
    product = await create({ name, description, priceAmount: 12950 });
  });

  test('holds its title, description, canonical link and cards, every value escaped', async () => {
    expect(product.slug).toBe('sneaky-script-script-alert-x-script-santoku-co');
    const { status, headers, html } = await page(`/products/${product.slug}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(headers.get('cache-control')).toBe('no-cache');
    // The client's page is all there, its own title and description replaced.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).not.toContain('Keen: engraved knives and blades');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);

    expect(titleOf(html)).toBe(
      'Sneaky &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &quot;Santoku&quot; &amp; &#39;Co&#39; &lt;!-- | Keen',
    );
    const url = `${SHOP}/products/${product.slug}`;
    expect(canonicalOf(html)).toBe(url);
    const short = metaContent(html, 'name', 'description')!;
    expect(short).toBe(shortDescription(description));
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.startsWith('A hollow-edge santoku </script> for "fine" work & more.')).toBe(true);
    expect(short.endsWith('…')).toBe(true);
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(metaContent(html, 'property', 'og:title')).toBe(name);
    expect(metaContent(html, 'property', 'og:description')).toBe(short);
    expect(metaContent(html, 'property', 'og:url')).toBe(url);
    expect(metaContent(html, 'property', 'og:image')).toBe(`${SHOP}/images/santoku.svg`);
    expect(metaContent(html, 'property', 'product:price:amount')).toBe('129.50');
    expect(metaContent(html, 'property', 'product:price:currency')).toBe('USD');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:title')).toBe(name);
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`${SHOP}/images/santoku.svg`);
  });

  test("names the chunks its script will import, as the client's build listed them, so that they come with the HTML", async () => {
    const { html } = await page(`/products/${product.slug}`);
    // A name that is not a chunk's is left out.
    expect(modulePreloadsOf(html)).toEqual(['/assets/storefront-abc.js', '/assets/Toast-def.js']);
    expect(html).not.toContain('alert(1)');
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('</head>'));
    // An unknown product's 404 shows no product page: nothing to preload.
    expect(modulePreloadsOf((await page('/products/no-such-knife')).html)).toEqual([]);
  });

  test('holds Product and BreadcrumbList JSON-LD that no name can break out of', async () => {
    const { html } = await page(`/products/${product.slug}`);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(2);
    // Exactly one closing tag per script element: the module script's and one per block.
    expect(html.match(/<\/script/gi)).toHaveLength(1 + blocks.length);
    expect(html.match(/<script/gi)).toHaveLength(1 + blocks.length);
    for (const [, json] of blocks) expect(json).not.toMatch(/[<>&]/);

    const url = `${SHOP}/products/${product.slug}`;
    const [item, breadcrumbs] = structuredData(html);
    expect(item).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      description: shortDescription(description),
      image: [`${SHOP}/images/santoku.svg`],
      url,
      brand: { '@type': 'Brand', name: 'Keen' },
      offers: { '@type': 'Offer', price: '129.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url },
    });
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SHOP}/` },
        { '@type': 'ListItem', position: 2, name: 'Products', item: `${SHOP}/products` },
        { '@type': 'ListItem', position: 3, name, item: url },
      ],
    });
  });

  test('says OutOfStock when no variant has its minimum order in stock', async () => {
    const soldOut = await create({ name: 'Sold Out Page Cleaver', description: 'Gone', quantity: 1, minimumQuantity: 2 });
    const [item] = structuredData((await page(`/products/${soldOut.slug}`)).html);
    expect(item.offers).toMatchObject({ price: '40.00', availability: 'https://schema.org/OutOfStock' });
  });

  test('an unknown slug is a 404 with the client page (which shows its not-found page), kept out of search results', async () => {
    for (const slug of ['no-such-knife', 'Not%20A%20Slug', 'x'.repeat(300)]) {
      const { status, html } = await page(`/products/${slug}`);
      expect({ slug, status }).toEqual({ slug, status: 404 });
      expect(html).toContain('<div id="root"></div>');
      expect(titleOf(html)).toBe('Page not found | Keen');
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
      expect(canonicalOf(html)).toBeUndefined();
      expect(structuredData(html)).toEqual([]);
    }
  });

  test('an old slug, or the slug in another case, is a 301 to the current page, its query kept', async () => {
    const moved = await create({ name: 'Moving Page Bowie', description: 'Moves' });
    const res = await app.gql(
      'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { slug } }',
      { id: moved.id, input: { price: 40, quantity: 5, minimumQuantity: 1, img: '/images/santoku.svg', slug: 'moved-page-bowie' } },
      admin,
    );
    expect(res.data!.updateProduct.slug).toBe('moved-page-bowie');
    for (const [from, to] of [
      ['/products/moving-page-bowie', '/products/moved-page-bowie'],
      ['/products/moving-page-bowie?variant=v1', '/products/moved-page-bowie?variant=v1'],
      ['/products/Moved-Page-Bowie', '/products/moved-page-bowie'],
    ]) {
      const answer = await page(from);
      expect({ from, status: answer.status, location: answer.headers.get('location') }).toEqual({ from, status: 301, location: to });
    }
    expect((await page('/products/moved-page-bowie')).status).toBe(200);
  });

  test('is compressed when the client accepts it, and answers 304 to a browser that has it', async () => {
    const response = await fetch(`${app.url}/products/${product.slug}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const etag = response.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // fetch decodes the body itself.
    expect(await response.text()).toContain('"@type":"Product"');
    // As a browser revalidates (fetch itself would add "no-cache" to a conditional request).
    const again = await fetch(`${app.url}/products/${product.slug}`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  test('is kept as sent until the catalogue changes: answered again without a statement, in each encoding, and a price change shows at once', async () => {
    const kept = await create({ name: 'Kept Page Nakiri', description: 'Kept', priceAmount: 9900 });
    const offerPrice = (html: string) => structuredData(html)[0].offers.price;
    const sent = async (encoding: string) => {
      const response = await fetch(`${app.url}/products/${kept.slug}`, { headers: { accept: 'text/html', 'accept-encoding': encoding } });
      return { encoding: response.headers.get('content-encoding'), etag: response.headers.get('etag'), html: await response.text() };
    };
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await sent(encoding);
      await app.settled();
      app.queries.count = 0;
      app.queries.counting = true;
      const again = await sent(encoding);
      app.queries.counting = false;
      expect({ encoding, statements: app.queries.count, same: again.html === first.html && again.etag === first.etag }).toEqual({
        encoding,
        statements: 0,
        same: true,
      });
      expect(again.encoding).toBe(encoding === 'identity' ? null : encoding);
      expect(offerPrice(again.html)).toBe('99.00');
    }
    const res = await app.gql(
      'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id } }',
      { id: kept.id, input: { priceAmount: 12900, quantity: 5, minimumQuantity: 1, img: '/images/santoku.svg' } },
      admin,
    );
    expect(res.errors).toBeUndefined();
    for (const encoding of ['br', 'identity']) expect(offerPrice((await sent(encoding)).html)).toBe('129.00');
  });
});

describe('the other pages', () => {
  test('the home page (/ and /home) names the shop, with Organization and WebSite JSON-LD', async () => {
    for (const urlPath of ['/', '/home']) {
      const { status, html } = await page(urlPath);
      expect(status).toBe(200);
      expect(titleOf(html)).toBe('Keen: engraved knives and blades');
      expect(canonicalOf(html)).toBe(`${SHOP}/`);
      expect(metaContent(html, 'name', 'description')).toMatch(/^Keen sells knives and blades/);
      expect(metaContent(html, 'property', 'og:type')).toBe('website');
      expect(structuredData(html)).toEqual([
        { '@context': 'https://schema.org', '@type': 'Organization', name: 'Keen', url: `${SHOP}/` },
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: 'Keen',
          url: `${SHOP}/`,
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${SHOP}/products?q={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ]);
    }
  });

  test('/products and /reviews have their own title, description and canonical link', async () => {
    for (const [urlPath, title] of [
      ['/products', 'Products | Keen'],
      ['/products/', 'Products | Keen'],
      ['/reviews', 'Reviews | Keen'],
    ]) {
      const { status, html } = await page(urlPath);
      expect({ urlPath, status, title: titleOf(html), canonical: canonicalOf(html) }).toEqual({
        urlPath,
        status: 200,
        title,
        canonical: `${SHOP}${urlPath.replace(/\/$/, '')}`,
      });
      expect(metaContent(html, 'name', 'description')).toBeTruthy();
    }
    // /products names its chunks; /reviews is not in this build's list, the home page never is.
    expect(modulePreloadsOf((await page('/products/')).html)).toEqual(['/assets/storefront-abc.js', '/assets/Toast-def.js']);
    expect(modulePreloadsOf((await page('/reviews')).html)).toEqual([]);
    expect(modulePreloadsOf((await page('/')).html)).toEqual([]);
  });

  test('other client routes get the client page as built', async () => {
    for (const urlPath of ['/login', '/dashboard/myOrders', '/products/a/b']) {
      const { status, html } = await page(urlPath);
      expect({ urlPath, status, html }).toEqual({ urlPath, status: 200, html: INDEX });
    }
    // A page with a head of its own is compressed as it is sent (fetch decodes it).
    const home = await fetch(`${app.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(home.headers.get('content-encoding')).toBe('gzip');
    expect(await home.text()).toContain('"@type":"WebSite"');
  });
});

describe('sitemap.xml and robots.txt', () => {
  test('the sitemap lists the home page, the lists and every product page with its last change', async () => {
    const product = await create({ name: 'Mapped Chef Knife', description: 'On the map' });
    const response = await fetch(`${app.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    const slugs: { slug: string }[] = await app.db.query(`SELECT "slug" FROM "product" ORDER BY "createdAt", "id"`);
    expect(locs).toEqual([`${SHOP}/`, `${SHOP}/products`, `${SHOP}/reviews`, ...slugs.map(({ slug }) => `${SHOP}/products/${slug}`)]);
    expect(xml).toContain(`<url><loc>${SHOP}/products/mapped-chef-knife</loc><lastmod>${product.updatedAt}</lastmod></url>`);
  });

  test('is kept until the catalogue changes: a product written around the service is not in it, one added through it is', async () => {
    const before = await (await fetch(`${app.url}/sitemap.xml`)).text();
    // Written straight to the database: no committed event, so the kept sitemap is still answered.
    const hidden = await app.product({ name: 'Unannounced Map Knife' });
    expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).toBe(before);
    // Added by an admin: product.created forgets the kept sitemap.
    await create({ name: 'Announced Map Knife', description: 'New' });
    const after = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(after).toContain(`${SHOP}/products/announced-map-knife</loc>`);
    expect(after).toContain(`${SHOP}/products/${hidden.slug}</loc>`);
  });

  test('escapes what XML needs escaped', () => {
    expect(sitemapXml([{ url: 'https://shop.example.com/a?b=1&c=<2>' }])).toContain(
      '<url><loc>https://shop.example.com/a?b=1&amp;c=&lt;2&gt;</loc></url>',
    );
  });

  test('robots.txt keeps crawlers out of private pages and the APIs, and names the sitemap', async () => {
    const response = await fetch(`${app.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(
      [
        'User-agent: *',
        'Disallow: /dashboard',
        'Disallow: /checkout',
        'Disallow: /cart',
        'Disallow: /api/',
        'Disallow: /graphql',
        '',
        `Sitemap: ${SHOP}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});

describe("a reviewed knife's page", () => {
  test("its Product carries aggregateRating from the knife's own reviews only (a shop review and another knife's are not counted)", async () => {
    const knife = await create({ name: `Reviewed Gyuto ${Date.now()}`, description: 'A gyuto with reviews' });
    const other = await create({ name: `Other Gyuto ${Date.now()}`, description: 'Another gyuto' });
    const reviewer = await app.customer('page-reviewer');
    const add = (star: number, productId?: string) =>
      app.gql(
        'mutation($input: AddReviewInput!) { addReview(input: $input) { id } }',
        { input: { star, description: 'Sharp', productId } },
        reviewer,
      );
    for (const review of await Promise.all([add(5, knife.id), add(4, knife.id), add(4, knife.id), add(1, other.id), add(1)])) {
      expect(review.errors).toBeUndefined();
    }
    const [item] = structuredData((await page(`/products/${knife.slug}`)).html);
    expect(item.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 });
  });
});

test("a knife's gallery: every photo in its Product JSON-LD, in order; the card's alt text is the first photo's", async () => {
  const knife = await create({ name: `Photographed Gyuto ${Date.now()}`, description: 'Two photos' });
  const add = await app.gql(
    'mutation($id: ID!, $input: ProductImageInput!) { addProductImage(productId: $id, input: $input) { images { id } } }',
    { id: knife.id, input: { url: '/images/cleaver.svg', alt: 'The "box" & its lid' } },
    admin,
  );
  const [first, second] = (add.data as { addProductImage: { images: { id: string }[] } }).addProductImage.images;
  await app.gql(
    'mutation($id: ID!, $ids: [ID!]!) { reorderProductImages(productId: $id, imageIds: $ids) { id } }',
    { id: knife.id, ids: [second.id, first.id] },
    admin,
  );
  const { html } = await page(`/products/${knife.slug}`);
  const [item] = structuredData(html);
  expect(item.image).toEqual([`${SHOP}/images/cleaver.svg`, `${SHOP}/images/santoku.svg`]);
  expect(metaContent(html, 'property', 'og:image')).toBe(`${SHOP}/images/cleaver.svg`);
  expect(metaContent(html, 'property', 'og:image:alt')).toBe('The "box" & its lid');
  // The first photo is fetched with the HTML; a drawing has no stored widths.
  expect(preloadsOf(html)).toEqual(['<link rel="preload" as="image" href="/images/cleaver.svg" fetchpriority="high">']);
});

test("an uploaded photo is preloaded at the width the page's <img> picks: its srcset and sizes", async () => {
  const upload = `/uploads/${'ab'.repeat(16)}.webp`;
  const knife = await create({ name: `Uploaded Gyuto ${Date.now()}`, description: 'One photo', img: upload });
  const { html } = await page(`/products/${knife.slug}`);
  const base = upload.replace(/\.webp$/, '');
  expect(preloadsOf(html)).toEqual([
    `<link rel="preload" as="image" href="${upload}" imagesrcset="${base}-400w.webp 400w, ${base}-800w.webp 800w, ${base}-1600w.webp 1600w"` +
      ` imagesizes="${PRODUCT_PHOTO_SIZES}" fetchpriority="high">`,
  ]);
});
