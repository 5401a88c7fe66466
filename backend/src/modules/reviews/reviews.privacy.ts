import type { EntityManager } from 'typeorm';
import { Review } from './review.entity';

/** A person's reviews, for their data export and erasure (the privacy module's). */

/** What becomes of a person's reviews when their account is deleted: their choice. */
export type ReviewsOnErasure = 'anonymise' | 'remove';

const theirs = (userId: string, email: string) => [{ authorId: userId }, { email }];

export async function reviewsOf(manager: EntityManager, userId: string, email: string) {
  const rows = await manager.getRepository(Review).find({ where: theirs(userId, email), order: { createdAt: 'ASC' } });
  return rows.map((review) => ({
    id: review.id,
    productId: review.productId,
    name: review.name,
    stars: review.star,
    text: review.description,
    photo: review.img,
    createdAt: review.createdAt,
  }));
}

/** Removes them, or keeps them with the author shown as `authorName` and nothing else of theirs; answers how many. */
export async function eraseReviews(
  manager: EntityManager,
  userId: string,
  email: string,
  choice: ReviewsOnErasure,
  anonymous: { name: string; email: string },
): Promise<number> {
  const reviews = manager.getRepository(Review);
  const rows = await reviews.find({ select: { id: true }, where: theirs(userId, email) });
  if (!rows.length) return 0;
  const ids = rows.map((row) => row.id);
  if (choice === 'remove') await reviews.delete(ids);
  else await reviews.update(ids, { name: anonymous.name, userName: anonymous.name, email: anonymous.email, img: null, authorId: null });
  return rows.length;
}
