import type { Request, Router } from 'express';
import { JsonBody } from '../../http-kit/body';
import type { Handlers } from '../../http-kit/handle';
import { LIST_PAGE_QUERY, restList } from '../../http-kit/query';
import { requireUser } from '../auth/caller';
import type { RestContextOf } from '../auth/request-context';
import type { User } from '../users/user.entity';
import type { ReviewsService } from './reviews.service';
import type { Review } from './review.entity';
import type { AddReviewInput } from './review.inputs';
import { keyScope } from '../auth/scopes';

type RestContext = RestContextOf<{ reviews: ReviewsService }, User>;

/** A review as the old client reads it (SPEC §3). Reviewers' e-mail addresses are for admins and the author: everyone else gets "". */
const restReview = (r: Review, withEmail: boolean) => ({
  _id: r.id,
  userName: r.userName,
  name: r.name,
  email: withEmail ? r.email : '',
  description: r.description,
  img: r.img,
  star: r.star,
});

const addReviewInput = (req: Request): AddReviewInput => {
  const body = JsonBody.of(req);
  return { star: body.wholeNumber('star'), description: body.text('description') };
};

/** SPEC §7 review calls. The author's name, e-mail and photo come from their profile, not the body. */
export function registerReviewsRoutes(router: Router, { handle, publicRead }: Handlers<RestContext>): void {
  router.get(
    '/reviews',
    keyScope('catalog:read'),
    publicRead(
      async (req, res, { caller, services }) => {
        const reviews = await restList(req, res, (page) => services.reviews.list(caller, Object.assign({}, page)));
        return reviews.map((review) => restReview(review, services.reviews.canSeeAuthorEmail(caller, review)));
      },
      { query: LIST_PAGE_QUERY },
    ),
  );

  router.post(
    '/reviews',
    handle(async (req, _res, { caller, services }) => {
      requireUser(caller);
      const review = await services.reviews.add(caller, addReviewInput(req));
      return { ...restReview(review, true), insertedId: review.id, message: 'Review have been added' };
    }),
  );

  router.delete(
    '/reviews/:id',
    keyScope('catalog:write'),
    handle(async (req, _res, { caller, services }) => {
      await services.reviews.remove(caller, req.params.id);
      return { deletedCount: 1 };
    }),
  );
}
