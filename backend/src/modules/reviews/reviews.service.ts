import { REVIEW_DESCRIPTION_MAX_LENGTH, REVIEW_DESCRIPTION_REQUIRED, STARS } from '@keen/rules';
import { type DataSource, In } from 'typeorm';
import { notFound } from '../../common/errors';
import { pageOf, SortDirection } from '../../common/list';
import type { RateLimits } from '../../common/rate-limits';
import { isId, requireText, requireWholeNumber } from '../../common/validate';
import { raise } from '../../events/outbox';
import { type Caller, maySeePersonalDetails, requireAdmin, requireUser } from '../auth';
import type { User } from '../users';
import { Product } from '../catalog';
import { Order, PAID_STATES } from '../orders';
import { Review } from './review.entity';
import { type AddReviewInput, ReviewListOptions, ReviewSortField } from './review.inputs';

/** A knife's rating: the average of its reviews' stars (to one decimal) and how many there are. */
export interface ProductRating {
  average: number;
  count: number;
}

/** A product's reviews summed up by PostgreSQL: `avg` as its numeric text (null with no reviews). */
export interface RatingRow {
  average: string | null;
  count: number;
}

export const ratingOf = (row: RatingRow): ProductRating => ({ average: Math.round(Number(row.average) * 10) / 10, count: row.count });

export class ReviewsService {
  constructor(
    private readonly db: DataSource,
    private readonly limits: RateLimits,
    /** Whether a photo URL is one of Keen's own uploads (`UploadsService.isOwnUpload`). */
    private readonly isOwnUpload: (url: string) => boolean,
  ) {}

  async list(_caller: Caller, options: ReviewListOptions = new ReviewListOptions()): Promise<{ items: Review[]; totalItems: number }> {
    const query = this.db.getRepository(Review).createQueryBuilder('review');
    if (options.productId != null) {
      if (!isId(options.productId)) throw notFound('Product');
      query.where('review.productId = :productId', { productId: options.productId });
    }
    const page = await pageOf(query, options, {
      searchColumns: ['description'],
      defaultSort: ReviewSortField.createdAt,
      defaultDirection: SortDirection.DESC,
    });
    return { ...page, items: page.items.map((review) => this.withShownPhoto(review)) };
  }

  /** Reviewers' e-mail addresses are not public: for admins, and for the author on their own review. */
  canSeeAuthorEmail(caller: Caller, review: Review): boolean {
    return maySeePersonalDetails(caller) || (caller.user !== null && caller.user.id === review.authorId);
  }

  /**
   * A reviewer's photo is shown only when Keen stored it: a photo URL elsewhere (a profile photo
   * from the identity provider, or any URL a customer typed) could be a tracking pixel.
   */
  shownPhoto(url: string | null): string | null {
    return url !== null && this.isOwnUpload(url) ? url : null;
  }

  /** Of these authors, the ones with at least one paid order (paid or shipped), in one statement. */
  async paidCustomers(authorIds: readonly string[]): Promise<Set<string>> {
    const rows: { customerId: string }[] = await this.db
      .getRepository(Order)
      .createQueryBuilder('order')
      .select('DISTINCT order.customerId', 'customerId')
      .where({ customerId: In([...authorIds]), state: In([...PAID_STATES]) })
      .getRawMany();
    return new Set(rows.map((row) => row.customerId));
  }

  /** Of these (author, product) pairs, as `author:product`, the ones where the author paid for an order with that product: one statement. */
  async paidBuyersOf(pairs: readonly { authorId: string; productId: string }[]): Promise<Set<string>> {
    const rows: { pair: string }[] = await this.db.query(
      `SELECT DISTINCT o."customerId" || ':' || l."productId" AS pair
         FROM "order" o JOIN "order_line" l ON l."orderId" = o."id"
        WHERE o."state"::text = ANY($3::text[])
          AND (o."customerId", l."productId") IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
      [pairs.map((pair) => pair.authorId), pairs.map((pair) => pair.productId), [...PAID_STATES]],
    );
    return new Set(rows.map((row) => row.pair));
  }

  /** Each product's average rating and number of reviews, for a whole list in one statement; a product without reviews is absent. */
  async ratingsOf(productIds: readonly string[]): Promise<Map<string, ProductRating>> {
    const rows: (RatingRow & { productId: string })[] = await this.db.query(
      `SELECT "productId", avg("star") AS average, count(*)::int AS count
         FROM "review" WHERE "productId" = ANY($1::uuid[]) GROUP BY "productId"`,
      [productIds],
    );
    return new Map(rows.map((row) => [row.productId, ratingOf(row)]));
  }

  async add(caller: Caller<User>, input: AddReviewInput): Promise<Review> {
    const author = requireUser(caller);
    await this.limits.consume('addReview', author.id);
    const star = requireWholeNumber(input.star, 'Ratings are Required', {
      ...STARS,
      rangeMessage: `Ratings must be from ${STARS.min} to ${STARS.max}`,
    });
    const description = requireText(input.description, REVIEW_DESCRIPTION_REQUIRED, REVIEW_DESCRIPTION_MAX_LENGTH);
    const productId = input.productId ?? null;
    if (productId !== null && !isId(productId)) throw notFound('Product');
    const review = await this.db.transaction(async (manager) => {
      if (productId !== null && !(await manager.getRepository(Product).existsBy({ id: productId }))) throw notFound('Product');
      const reviews = manager.getRepository(Review);
      const saved = await reviews.save(
        reviews.create({
          star,
          description,
          productId,
          authorId: author.id,
          userName: author.name,
          name: author.name,
          email: author.email,
          img: this.shownPhoto(author.img),
        }),
      );
      await raise(manager, 'review.added', saved.id, {
        reviewId: saved.id,
        authorId: saved.authorId,
        productId: saved.productId,
        rating: saved.star,
      });
      return saved;
    });
    return this.withShownPhoto(review);
  }

  /** Moderation: an admin removes a review for good. */
  async remove(caller: Caller, id: unknown): Promise<boolean> {
    requireAdmin(caller);
    if (!isId(id)) throw notFound('Review');
    await this.db.transaction(async (manager) => {
      const [removed] = (await manager.createQueryBuilder().delete().from(Review).where('id = :id', { id }).returning('*').execute())
        .raw as { id: string; authorId: string | null; productId: string | null; star: number }[];
      if (!removed) throw notFound('Review');
      await raise(manager, 'review.removed', removed.id, {
        reviewId: removed.id,
        authorId: removed.authorId,
        productId: removed.productId,
        rating: removed.star,
      });
    });
    return true;
  }

  private withShownPhoto(review: Review): Review {
    review.img = this.shownPhoto(review.img);
    return review;
  }
}
