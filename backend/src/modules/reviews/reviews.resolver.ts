import { Arg, Ctx, Field, FieldResolver, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context';
import { ListResult } from '../../common/list';
import { Review } from './review.entity';
import { AddReviewInput, ReviewListOptions } from './review.inputs';

@ObjectType()
export class ReviewList extends ListResult(Review) {}

@ObjectType({ description: "A review's author as the shop shows them: name and photo, never the rest of the profile" })
export class ReviewAuthor {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  img!: string | null;

  @Field(() => String, { description: 'For admins and the author; "" for everyone else' })
  email!: string;
}

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

  @FieldResolver(() => ReviewAuthor, { nullable: true, description: 'Name and photo as they are now on the profile' })
  async author(@Root() review: Review, @Ctx() { caller, loaders, services }: RequestContext): Promise<ReviewAuthor | null> {
    const user = review.authorId ? await loaders.userById.load(review.authorId) : null;
    if (!user) return null;
    return { name: user.name, img: user.img, email: services.reviews.canSeeAuthorEmail(caller, review) ? user.email : '' };
  }
}
