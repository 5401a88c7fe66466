import type { Router } from 'express';
import { handle, publicRead } from '../../common/rest';
import { bodyOf, restList, restReview } from '../../common/rest-shapes';
import type { Services } from '../../services';
import type { AddReviewInput } from './review.inputs';

/** SPEC §7 review calls. The author's name, e-mail and photo come from their profile, not the body. */
export function registerReviewsRoutes(router: Router, services: Services): void {
  router.get(
    '/reviews',
    publicRead(services, async (req, res, { caller }) => {
      const reviews = await restList(req, res, (page) => services.reviews.list(caller, Object.assign({}, page)));
      return reviews.map((review) => restReview(review, services.reviews.canSeeAuthorEmail(caller, review)));
    }),
  );

  router.post(
    '/reviews',
    handle(services, async (req, _res, { caller }) => {
      const { star, description } = bodyOf(req);
      const review = await services.reviews.add(caller, { star, description } as AddReviewInput);
      return { ...restReview(review, true), insertedId: review.id, message: 'Review have been added' };
    }),
  );
}
