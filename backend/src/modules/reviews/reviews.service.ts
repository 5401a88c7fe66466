import { type DataSource } from 'typeorm';
import { pageOf, SortDirection } from '../../common/list';
import type { RateLimits } from '../../common/rate-limits';
import { requireText, requireWholeNumber } from '../../common/validate';
import { type Caller, isAdmin, requireUser } from '../auth/caller';
import { Review } from './review.entity';
import { type AddReviewInput, ReviewListOptions, ReviewSortField } from './review.inputs';

export class ReviewsService {
  constructor(
    private readonly db: DataSource,
    private readonly limits: RateLimits,
  ) {}

  async list(_caller: Caller, options: ReviewListOptions = new ReviewListOptions()): Promise<{ items: Review[]; totalItems: number }> {
    return pageOf(this.db.getRepository(Review).createQueryBuilder('review'), options, {
      searchColumns: ['description'],
      defaultSort: ReviewSortField.createdAt,
      defaultDirection: SortDirection.DESC,
    });
  }

  /** Reviewers' e-mail addresses are not public: for admins, and for the author on their own review. */
  canSeeAuthorEmail(caller: Caller, review: Review): boolean {
    return isAdmin(caller) || (caller.user !== null && caller.user.id === review.authorId);
  }

  async add(caller: Caller, input: AddReviewInput): Promise<Review> {
    const author = requireUser(caller);
    await this.limits.consume('addReview', author.id);
    const star = requireWholeNumber(input.star, 'Ratings are Required', { min: 1, max: 5, rangeMessage: 'Ratings must be from 1 to 5' });
    const description = requireText(input.description, 'Product Description is Required', 2000);
    const reviews = this.db.getRepository(Review);
    return reviews.save(
      reviews.create({
        star,
        description,
        authorId: author.id,
        userName: author.name,
        name: author.name,
        email: author.email,
        img: author.img,
      }),
    );
  }
}
