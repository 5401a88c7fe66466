import { Field, ID, InputType, Int, registerEnumType } from 'type-graphql';
import { PageOptions } from '../../common/list';

export enum ReviewSortField {
  createdAt = 'createdAt',
  star = 'star',
}
registerEnumType(ReviewSortField, {
  name: 'ReviewSortField',
  description: 'What a review list is sorted by (ties by id)',
  valuesConfig: {
    createdAt: { description: 'When written: the default, newest first' },
    star: { description: 'The rating' },
  },
});

@InputType({ description: 'Paging, search and sort of the review list' })
export class ReviewListOptions extends PageOptions {
  @Field(() => ReviewSortField, { nullable: true, description: 'Default: createdAt, newest first' })
  sortBy?: ReviewSortField;

  @Field(() => ID, { nullable: true, description: "Only this knife's reviews" })
  productId?: string | null;
}

@InputType({ description: "The author's name, e-mail and photo come from their profile" })
export class AddReviewInput {
  @Field(() => Int, { nullable: true, description: 'Whole number from 1 to 5' })
  star?: number | null;

  @Field(() => String, { description: 'The review text, 1 to 2,000 characters' })
  description!: string;

  @Field(() => ID, { nullable: true, description: 'The knife the review is about; without it, a review of the shop' })
  productId?: string | null;
}
