import type { Request, Router } from 'express';
import { JsonBody } from '../../common/body';
import { handle, publicRead } from '../../common/rest';
import { restList, restReview } from '../../common/rest-shapes';
import type { Services } from '../../services';
import { requireUser } from '../auth/caller';
import type { AddReviewInput } from './review.inputs';

const addReviewInput = (req: Request): AddReviewInput => {
  const body = JsonBody.of(req);
  return { star: body.wholeNumber('star'), description: body.text('description') };
};

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
      requireUser(caller);
      const review = await services.reviews.add(caller, addReviewInput(req));
      return { ...restReview(review, true), insertedId: review.id, message: 'Review have been added' };
    }),
  );
}
