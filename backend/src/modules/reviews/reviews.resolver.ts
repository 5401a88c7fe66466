import { Arg, Ctx, FieldResolver, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context';
import { ListResult } from '../../common/list';
import { User } from '../users/user.entity';
import { Review } from './review.entity';
import { AddReviewInput, ReviewListOptions } from './review.inputs';

@ObjectType()
export class ReviewList extends ListResult(Review) {}

@Resolver(() => Review)
export class ReviewsResolver {
  @Query(() => ReviewList, { description: 'Newest first by default' })
  reviews(
    @Arg('options', () => ReviewListOptions, { nullable: true }) options: ReviewListOptions | undefined,
    @Ctx() { caller, services }: RequestContext,
  ): Promise<ReviewList> {
    return services.reviews.list(caller, options);
  }

  @Mutation(() => Review, { description: 'Signed in' })
  addReview(@Arg('input', () => AddReviewInput) input: AddReviewInput, @Ctx() { caller, services }: RequestContext): Promise<Review> {
    return services.reviews.add(caller, input);
  }

  @FieldResolver(() => String, { description: 'For admins and the author; "" for everyone else' })
  email(@Root() review: Review, @Ctx() { caller, services }: RequestContext): string {
    return services.reviews.canSeeAuthorEmail(caller, review) ? review.email : '';
  }

  @FieldResolver(() => User, { nullable: true, description: 'Name and photo; the rest of the profile only for admins' })
  author(@Root() review: Review, @Ctx() { loaders }: RequestContext): Promise<User | null> | null {
    return review.authorId ? loaders.userById.load(review.authorId) : null;
  }
}
