import { ReadsColumns } from '../../common/asked-fields';
import { Arg, Ctx, Field, FieldResolver, Float, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { type GraphQLContextOf, Allow, PublicRead } from '../auth';
import type { User, UsersLoaders } from '../users';
import { type CatalogLoaders, Product } from '../catalog';
import type { ReviewsLoaders } from './reviews.loaders';
import type { ReviewsService } from './reviews.service';
import { ListResult } from '../../common/list';
import { Review } from './review.entity';
import { AddReviewInput, ReviewListOptions } from './review.inputs';

type GraphQLContext = GraphQLContextOf<{ reviews: ReviewsService }, ReviewsLoaders & UsersLoaders & CatalogLoaders, User>;

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

  @FieldResolver(() => Boolean, {
    description: "A knife's review: the author paid for an order with that knife. A review of the shop: the author has a paid order",
  })
  async verifiedBuyer(@Root() review: Review, @Ctx() { loaders }: GraphQLContext): Promise<boolean> {
    if (!review.authorId) return false;
    return review.productId
      ? loaders.isPaidBuyerOf.load(`${review.authorId}:${review.productId}`)
      : loaders.isPaidCustomer.load(review.authorId);
  }

  @FieldResolver(() => Product, { nullable: true, description: 'The knife it is about; null for a review of the shop' })
  async product(@Root() review: Review, @Ctx() { loaders }: GraphQLContext): Promise<Product | null> {
    return review.productId ? ((await loaders.productById.load(review.productId)) ?? null) : null;
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

@ObjectType({ simpleResolvers: true, description: "A knife's rating, from its own reviews only" })
export class ProductRating {
  @Field(() => Float, { description: "The average of its reviews' stars, to one decimal; 0 with no reviews" })
  average!: number;

  @Field(() => Int, { description: 'How many reviews it has' })
  count!: number;
}

/** A product's rating, from the reviews module: the catalogue knows nothing of reviews. */
@Resolver(() => Product)
export class ProductRatingResolver {
  @ReadsColumns('id')
  @FieldResolver(() => ProductRating, { description: "From this knife's reviews only (one statement for a whole list)" })
  rating(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<ProductRating> {
    return loaders.productRating.load(product.id);
  }
}
