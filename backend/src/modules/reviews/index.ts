/** Reviews of the shop and of each knife. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { REVIEWS_EVENTS } from './reviews.events';
import { Review } from './review.entity';
import { ProductRatingResolver, ReviewsResolver } from './reviews.resolver';
import { reviewsRoutes } from './reviews.routes';
import { productRatingJoin, reviewsLoaders } from './reviews.loaders';
import type { ReviewsService } from './reviews.service';

export const reviewsModule = keenModule({
  name: 'reviews',
  entities: [Review],
  resolvers: [ReviewsResolver, ProductRatingResolver],
  routes: reviewsRoutes,
  loaders: (_db, { reviews }: { reviews: ReviewsService }) => reviewsLoaders(reviews),
  events: REVIEWS_EVENTS,
  joins: [productRatingJoin],
});

export { Review } from './review.entity';
export type { ReviewsService } from './reviews.service';
export { eraseReviews, reviewsOf } from './reviews.privacy';
export type { ReviewsOnErasure } from './reviews.privacy';
