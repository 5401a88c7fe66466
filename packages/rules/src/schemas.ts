/**
 * Input schemas (zod) the server's REST declarations and OpenAPI document, and the browser's forms,
 * share. A separate entry (`@keen/rules/schemas`): pages that need no schema never load zod.
 */
import { z } from 'zod';
import { REVIEW_DESCRIPTION_MAX_LENGTH, REVIEW_DESCRIPTION_REQUIRED, STARS } from './index';

/** A review as a customer writes it; the author's name, e-mail and photo come from their profile. */
export const reviewInput = z.object({
  star: z.int().min(STARS.min).max(STARS.max).describe(`Rating, ${STARS.min} to ${STARS.max} stars (also accepted as text: "4")`),
  description: z
    .string()
    .trim()
    .min(1, REVIEW_DESCRIPTION_REQUIRED)
    .max(REVIEW_DESCRIPTION_MAX_LENGTH)
    .describe(`The review, at most ${REVIEW_DESCRIPTION_MAX_LENGTH} characters`),
});
export type ReviewInput = z.infer<typeof reviewInput>;
