import { DataSource } from 'typeorm';
import { pageOf, SortDirection } from '../../common/list';
import { requireText, requireWholeNumber } from '../../common/validate';
import { Caller, requireUser } from '../auth/caller';
import { Review } from './review.entity';
import { AddReviewInput, ReviewListOptions, ReviewSortField } from './review.inputs';

export class ReviewsService {
  constructor(private readonly db: DataSource) {}

  async list(_caller: Caller, options: ReviewListOptions = new ReviewListOptions()): Promise<{ items: Review[]; totalItems: number }> {
    return pageOf(this.db.getRepository(Review).createQueryBuilder('review'), options, {
      searchColumns: ['description'],
      defaultSort: ReviewSortField.createdAt,
      defaultDirection: SortDirection.DESC,
    });
  }

  async add(caller: Caller, input: AddReviewInput): Promise<Review> {
    const author = requireUser(caller);
    const star = requireWholeNumber(input.star, 'Ratings are Required', { min: 1, max: 5, rangeMessage: 'Ratings must be from 1 to 5' });
    const description = requireText(input.description, 'Product Description is Required', 2000);
    const reviews = this.db.getRepository(Review);
    return reviews.save(
      reviews.create({ star, description, authorId: author.id, userName: author.name, name: author.name, email: author.email, img: author.img }),
    );
  }
}
