import { graphql } from '../gql';

/** What the shop shows of a review; the list and the new review's answer share it. */
export const ReviewFieldsFragment = graphql(`
  fragment ReviewFields on Review {
    id
    userName
    name
    description
    img
    star
    verifiedBuyer
    createdAt
  }
`);

export const ReviewsQuery = graphql(`
  query Reviews($options: ReviewListOptions) {
    reviews(options: $options) {
      totalItems
      items {
        ...ReviewFields
      }
    }
  }
`);

/** Answers the knife's new rating too: the cache updates its page without asking again. */
export const AddReviewMutation = graphql(`
  mutation AddReview($input: AddReviewInput!) {
    addReview(input: $input) {
      ...ReviewFields
      productId
      product {
        id
        rating {
          average
          count
        }
      }
    }
  }
`);
