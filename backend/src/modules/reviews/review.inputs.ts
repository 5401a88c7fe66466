import { Field, InputType, Int, registerEnumType } from 'type-graphql';
import { PageOptions } from '../../common/list';

export enum ReviewSortField {
  createdAt = 'createdAt',
  star = 'star',
}
registerEnumType(ReviewSortField, { name: 'ReviewSortField' });

@InputType()
export class ReviewListOptions extends PageOptions {
  @Field(() => ReviewSortField, { nullable: true })
  sortBy?: ReviewSortField;
}

@InputType({ description: "The author's name, e-mail and photo come from their profile" })
export class AddReviewInput {
  @Field(() => Int, { nullable: true, description: 'Whole number from 1 to 5' })
  star?: number | null;

  @Field(() => String)
  description!: string;
}
