import DataLoader from 'dataloader';
import type { JoinedRead } from '../keen-module';
import { type ProductRating, type RatingRow, ratingOf, type ReviewsService } from './reviews.service';

/** One request's batched review reads. */
export function reviewsLoaders(reviews: ReviewsService) {
  return {
    /** Whether a review's author has a paid order: one statement for a whole list of reviews. */
    isPaidCustomer: new DataLoader<string, boolean>(async (ids) => {
      const paid = await reviews.paidCustomers(ids);
      return ids.map((id) => paid.has(id));
    }),
    /** Whether a knife's reviewer paid for an order with it, keyed `author:product`: one statement for a list. */
    isPaidBuyerOf: new DataLoader<string, boolean>(async (keys) => {
      const paid = await reviews.paidBuyersOf(
        keys.map((key) => {
          const [authorId, productId] = key.split(':');
          return { authorId, productId };
        }),
      );
      return keys.map((key) => paid.has(key));
    }),
    /** Each product's rating: one statement for a whole list of products. */
    productRating: new DataLoader<string, ProductRating>(async (productIds) => {
      const ratings = await reviews.ratingsOf(productIds);
      return productIds.map((id) => ratings.get(id) ?? { average: 0, count: 0 });
    }),
  };
}

export type ReviewsLoaders = ReturnType<typeof reviewsLoaders>;

/** A product page's rating, read in the product's own statement (catalog's `bySlugJoined`). */
export const productRatingJoin: JoinedRead<ReviewsLoaders> = {
  type: 'Product',
  field: 'rating',
  select: (id) =>
    `(SELECT json_build_object('average', avg(r."star")::text, 'count', count(*)::int) FROM "review" r WHERE r."productId" = ${id})`,
  prime: (loaders, id, value) => loaders.productRating.prime(id, ratingOf(value as RatingRow)),
};
