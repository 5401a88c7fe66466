import type { DataSource } from 'typeorm';
import { AppError } from '../../common/errors';
import type { ReadCache } from '../../common/read-cache';
import type { Caller } from '../auth';
import { anyVariantStock, type CatalogService, type GalleryService } from '../catalog';
import type { ReviewsService } from '../reviews';
import type { CollectionsService } from '../collections';
import {
  collectionHead,
  collectionPath,
  homeHead,
  listHead,
  notFoundHead,
  productHead,
  productPath,
  type ShopIdentity,
} from './page-heads';
import { robotsTxt, SITEMAP_MAX_URLS, type SitemapEntry, sitemapXml } from './sitemap';

/**
 * What the server answers for a client route before any JavaScript runs: the page's own head in
 * the client's index.html, with its status; or a redirect (a product's old slug).
 */
export type PageAnswer = { status: 200 | 404; head: string | null } | { status: 301; location: string };

/** The read cache's key for the sitemap: kept with the public answers, and forgotten with them. */
const SITEMAP_KEY = 'GET /sitemap.xml';
export const SITEMAP_TYPE = 'application/xml; charset=utf-8';

/** Pages are what anyone sees: read as nobody in particular. */
const VISITOR: Caller = { user: null };

/** The public pages that always exist, besides the home page. */
const LIST_PAGES = [
  {
    name: 'Products',
    path: '/products',
    description: 'Every knife and blade the shop sells: search, sort, choose an engraving and order.',
  },
  { name: 'Reviews', path: '/reviews', description: 'What customers say about their knives and engravings.' },
];

/**
 * The public face the server writes: page heads (modules/storefront/page-heads.ts), sitemap.xml
 * and robots.txt. The sitemap is kept in the read cache, so the declared work that forgets public
 * answers after a committed catalogue change (events/read-cache.work.ts) forgets it too, in every
 * process (checked against Redis when there is one).
 */
export class StorefrontService {
  /** Pages whose head depends on the settings alone, by path. */
  private readonly fixedHeads: ReadonlyMap<string, string>;
  private readonly missingHead: string;
  /** Settings only: the same for the process's life. */
  readonly robots: string;

  constructor(
    private readonly db: DataSource,
    private readonly catalog: CatalogService,
    private readonly reviews: ReviewsService,
    private readonly gallery: GalleryService,
    private readonly collections: CollectionsService,
    private readonly readCache: ReadCache,
    private readonly shop: ShopIdentity,
  ) {
    const home = homeHead(shop);
    this.fixedHeads = new Map([['/', home], ['/home', home], ...LIST_PAGES.map((page) => [page.path, listHead(shop, page)] as const)]);
    this.missingHead = notFoundHead(shop);
    this.robots = robotsTxt(`${shop.url}/sitemap.xml`);
  }

  /** The answer for a client route's path (decoded or not): its head, a 404 for an unknown product, or a redirect. */
  async page(path: string): Promise<PageAnswer> {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const fixed = this.fixedHeads.get(trimmed);
    if (fixed) return { status: 200, head: fixed };
    const match = /^\/(products|collections)\/([^/]+)$/.exec(trimmed);
    // Other client routes keep index.html's own head.
    if (!match) return { status: 200, head: null };
    let slug: string;
    try {
      slug = decodeURIComponent(match[2]);
    } catch {
      return { status: 404, head: this.missingHead };
    }
    if (match[1] === 'collections') return this.collectionPage(slug);
    const product = await this.catalog.bySlug(VISITOR, slug).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    if (!product) return { status: 404, head: this.missingHead };
    if (product.slug !== slug) return { status: 301, location: productPath(product.slug) };
    const [[{ inStock }], ratings, images] = await Promise.all([
      this.db.query(`SELECT ${anyVariantStock('>=', 'p')} AS "inStock" FROM product p WHERE p.id = $1`, [product.id]) as Promise<
        { inStock: boolean }[]
      >,
      this.reviews.ratingsOf([product.id]),
      this.gallery.imagesOf([product.id]),
    ]);
    return {
      status: 200,
      head: productHead(this.shop, { ...product, inStock, rating: ratings.get(product.id) ?? null, images: images.get(product.id) ?? [] }),
    };
  }

  private async collectionPage(slug: string): Promise<PageAnswer> {
    const collection = await this.collections.bySlug(VISITOR, slug).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    if (!collection) return { status: 404, head: this.missingHead };
    if (collection.slug !== slug) return { status: 301, location: collectionPath(collection.slug) };
    const image = collection.image ?? (await this.collections.productsOf([collection.id])).get(collection.id)?.[0]?.img ?? null;
    return { status: 200, head: collectionHead(this.shop, { ...collection, image }) };
  }

  /** sitemap.xml: the home page, the lists and every product page (newest changes known), from the read cache when it can. */
  async sitemap(): Promise<Buffer> {
    const stored = await this.readCache.find(SITEMAP_KEY);
    if (stored) return stored.bytes;
    const generation = await this.readCache.generation();
    const collections = await this.collections.list(VISITOR);
    const products: { slug: string; updatedAt: Date }[] = await this.db.query(
      `SELECT "slug", "updatedAt" FROM "product" ORDER BY "createdAt", "id" LIMIT $1`,
      [SITEMAP_MAX_URLS - 1 - LIST_PAGES.length - collections.length],
    );
    const newest = products.reduce<Date | undefined>(
      (latest, { updatedAt }) => (latest && latest > updatedAt ? latest : updatedAt),
      undefined,
    );
    const entries: SitemapEntry[] = [
      { url: `${this.shop.url}/` },
      ...LIST_PAGES.map((page) => ({ url: `${this.shop.url}${page.path}`, lastModified: page.path === '/products' ? newest : undefined })),
      ...collections.map(({ slug, updatedAt }) => ({ url: `${this.shop.url}${collectionPath(slug)}`, lastModified: updatedAt })),
      ...products.map(({ slug, updatedAt }) => ({ url: `${this.shop.url}${productPath(slug)}`, lastModified: updatedAt })),
    ];
    const bytes = Buffer.from(sitemapXml(entries));
    this.readCache.store(SITEMAP_KEY, generation, { bytes, headers: { 'content-type': SITEMAP_TYPE } });
    return bytes;
  }
}
