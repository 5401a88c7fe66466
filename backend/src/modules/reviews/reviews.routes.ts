import { STARS } from '@keen/rules';
import { reviewInput } from '@keen/rules/schemas';
import { z } from 'zod';
import { field, jsonBody } from '../../http-kit/body';
import { named } from '../../http-kit/openapi';
import { LIST_PAGE_QUERY_SCHEMA, param, restList, totalCount } from '../../http-kit/query';
import { restRoute, type RestRoutes } from '../auth';
import type { User } from '../users';
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
const route = restRoute<{ reviews: ReviewsService }, User>();

export const reviewsRoutes: RestRoutes<{ reviews: ReviewsService }, User> = [
  route({
    method: 'GET',
    path: '/reviews',
    tag: 'Reviews',
    summary: "All reviews, newest first; with productId, that knife's",
    access: { allow: 'public', key: 'catalog:read' },
    publicRead: true,
    query: LIST_PAGE_QUERY_SCHEMA.extend({ productId: param.text().describe("Only this knife's reviews") }),
    answer: z.array(reviewAnswer),
    answerHeaders: { 'X-Total-Count': totalCount('Reviews over every page') },
    work: async ({ query: { productId, ...paging } }, res, { caller, services }) => {
      const reviews = await restList(paging, res, (page) => services.reviews.list(caller, Object.assign({ productId }, page)));
      return reviews.map((review) => restReview(review, services.reviews.canSeeAuthorEmail(caller, review)));
    },
  }),
  route({
    method: 'POST',
    path: '/reviews',
    tag: 'Reviews',
    summary: 'Add a review as the signed-in customer',
    access: { allow: 'signed in' },
    body: jsonBody({
      star: field.wholeNumber(STARS).describe(`${reviewInput.shape.star.description ?? 'The rating'}; required`),
      description: field.text().describe(`${reviewInput.shape.description.description ?? 'The review'}; required`),
      productId: field.text().describe('The knife reviewed (its id); without it, a review of the shop'),
    }),
    answer: reviewAnswer.extend({ insertedId: z.string(), message: z.literal('Review have been added') }),
    work: async ({ body }, _res, { caller, services }) => {
      const review = await services.reviews.add(caller, { ...body, description: body.description ?? '' });
      return { ...restReview(review, true), insertedId: review.id, message: 'Review have been added' };
    },
  }),
  route({
    method: 'DELETE',
    path: '/reviews/:id',
    tag: 'Reviews',
    summary: 'Remove a review (moderation)',
    access: { allow: 'admin', key: 'catalog:write' },
    params: z.object({ id: z.string().describe("The review's _id") }),
    failures: [404],
    answer: z.object({ deletedCount: z.literal(1) }),
    work: async ({ params }, _res, { caller, services }) => {
      await services.reviews.remove(caller, params.id);
      return { deletedCount: 1 };
    },
  }),
];
