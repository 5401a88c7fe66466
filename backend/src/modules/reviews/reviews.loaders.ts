import DataLoader from 'dataloader';
import type { ReviewsService } from './reviews.service';

/** One request's batched review reads. */
export function reviewsLoaders(reviews: ReviewsService) {
  return {
    /** Whether a review's author has a paid order: one statement for a whole list of reviews. */
    isPaidCustomer: new DataLoader<string, boolean>(async (ids) => {
      const paid = await reviews.paidCustomers(ids);
      return ids.map((id) => paid.has(id));
    }),
  };
}

export type ReviewsLoaders = ReturnType<typeof reviewsLoaders>;
