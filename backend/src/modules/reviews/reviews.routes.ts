import { reviewInput } from '@keen/rules/schemas';
import { z } from 'zod';
import { JsonBody } from '../../http-kit/body';
import { named } from '../../http-kit/openapi';
import { LIST_PAGE_QUERY_SCHEMA, restList, totalCount } from '../../http-kit/query';
import type { RestRoutes } from '../auth/request-context';
import type { User } from '../users/user.entity';
import type { ReviewsService } from './reviews.service';
import type { Review } from './review.entity';

/** A review as the old client reads it (SPEC §3). Reviewers' e-mail addresses are for admins and the author: everyone else gets "". */
const restReview = (r: Review, withEmail: boolean) => ({
  _id: r.id,
  userName: r.userName,
  name: r.name,
  email: withEmail ? r.email : '',
  description: r.description,
  img: r.img,
  star: r.star,
  productId: r.productId,
});

const reviewAnswer = named(
  'Review',
  z.object({
    _id: z.string().describe('The review id'),
    userName: z.string().describe("The author's name"),
    name: z.string().describe("The author's name, as the old client also read it"),
    email: z.string().describe('The author\'s e-mail address: "" unless the caller is an admin or the author'),
    description: z.string(),
    img: z.string().nullable().describe("The author's photo (one of Keen's own uploads), or null"),
    star: z.int().min(1).max(5),
    productId: z.string().nullable().describe('The knife reviewed (its id), or null for a review of the shop'),
  }),
);

/** SPEC §7 review calls. The author's name, e-mail and photo come from their profile, not the body. */
export const reviewsRoutes: RestRoutes<{ reviews: ReviewsService }, User> = [
  {
    method: 'GET',
    path: '/reviews',
    tag: 'Reviews',
    summary: "All reviews, newest first; with productId, that knife's",
    access: { allow: 'public', key: 'catalog:read' },
    publicRead: true,
    query: LIST_PAGE_QUERY_SCHEMA.extend({ productId: z.string().optional().describe("Only this knife's reviews") }),
    answer: z.array(reviewAnswer),
    answerHeaders: { 'X-Total-Count': totalCount('Reviews over every page') },
    work: async (req, res, { caller, services }) => {
      const productId = typeof req.query.productId === 'string' ? req.query.productId : undefined;
      const reviews = await restList(req, res, (page) => services.reviews.list(caller, Object.assign({ productId }, page)));
      return reviews.map((review) => restReview(review, services.reviews.canSeeAuthorEmail(caller, review)));
    },
  },
  {
    method: 'POST',
    path: '/reviews',
    tag: 'Reviews',
    summary: 'Add a review as the signed-in customer',
    access: { allow: 'signed in' },
    body: reviewInput.extend({
      productId: z.string().optional().describe('The knife reviewed (its id); without it, a review of the shop'),
    }),
    answer: reviewAnswer.extend({ insertedId: z.string(), message: z.literal('Review have been added') }),
    work: async (req, _res, { caller, services }) => {
      const body = JsonBody.of(req.body);
      const review = await services.reviews.add(caller, {
        star: body.wholeNumber('star'),
        description: body.text('description'),
        productId: body.optionalText('productId'),
      });
      return { ...restReview(review, true), insertedId: review.id, message: 'Review have been added' };
    },
  },
  {
    method: 'DELETE',
    path: '/reviews/:id',
    tag: 'Reviews',
    summary: 'Remove a review (moderation)',
    access: { allow: 'admin', key: 'catalog:write' },
    params: z.object({ id: z.string().describe("The review's _id") }),
    failures: [404],
    answer: z.object({ deletedCount: z.literal(1) }),
    work: async (req, _res, { caller, services }) => {
      await services.reviews.remove(caller, req.params.id);
      return { deletedCount: 1 };
    },
  },
];
