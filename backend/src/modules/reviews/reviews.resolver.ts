import { Arg, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContextOf } from '../auth/request-context';
import type { User } from '../users/user.entity';
import type { UsersLoaders } from '../users/users.loaders';
import type { ReviewsLoaders } from './reviews.loaders';
import type { ReviewsService } from './reviews.service';
import { ListResult } from '../../common/list';
import { Review } from './review.entity';
import { AddReviewInput, ReviewListOptions } from './review.inputs';
import { Allow } from '../auth/access';
import { PublicRead } from '../auth/public-read';

type GraphQLContext = GraphQLContextOf<{ reviews: ReviewsService }, ReviewsLoaders & UsersLoaders, User>;

@ObjectType({ simpleResolvers: true, description: 'A page of reviews' })
export class ReviewList extends ListResult(Review) {}

@ObjectType({
  simpleResolvers: true,
  description: "A review's author as the shop shows them: name and photo, never the rest of the profile",
})
export class ReviewAuthor {
  @Field(() => String, { description: 'Their name as their profile has it now' })
  name!: string;

  @Field(() => String, { nullable: true, description: "Only a photo stored by Keen's own uploads" })
  img!: string | null;

  @Field(() => String, { description: 'For admins and the author; "" for everyone else' })
  email!: string;
}

@Resolver(() => Review)
export class ReviewsResolver {
  @Allow({ allow: 'public', key: 'catalog:read' })
  @PublicRead()
  @Query(() => ReviewList, { description: 'Newest first by default' })
  reviews(
    @Arg('options', () => ReviewListOptions, { nullable: true, description: 'Default: the newest 20' })
    options: ReviewListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ReviewList> {
    return services.reviews.list(caller, options);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => Review, { description: 'Signed in' })
  addReview(
    @Arg('input', () => AddReviewInput, { description: 'The rating and text' }) input: AddReviewInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Review> {
    return services.reviews.add(caller, input);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Boolean, { description: 'Admin: removes the review for good' })
  removeReview(
    @Arg('id', () => ID, { description: 'The review to remove' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<boolean> {
    return services.reviews.remove(caller, id);
  }

  @FieldResolver(() => Boolean, { description: 'The author has at least one paid order' })
  async verifiedBuyer(@Root() review: Review, @Ctx() { loaders }: GraphQLContext): Promise<boolean> {
    return review.authorId ? loaders.isPaidCustomer.load(review.authorId) : false;
  }

  @FieldResolver(() => String, { description: 'For admins and the author; "" for everyone else' })
  email(@Root() review: Review, @Ctx() { caller, services }: GraphQLContext): string {
    return services.reviews.canSeeAuthorEmail(caller, review) ? review.email : '';
  }

  @FieldResolver(() => ReviewAuthor, { nullable: true, description: 'Name and photo as they are now on the profile' })
  async author(@Root() review: Review, @Ctx() { caller, loaders, services }: GraphQLContext): Promise<ReviewAuthor | null> {
    const user = review.authorId ? await loaders.userById.load(review.authorId) : null;
    if (!user) return null;
    return {
      name: user.name,
      img: services.reviews.shownPhoto(user.img),
      email: services.reviews.canSeeAuthorEmail(caller, review) ? user.email : '',
    };
  }
}
