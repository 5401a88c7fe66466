import { graphql } from '../gql';

export const ReviewsQuery = graphql(`
  query Reviews($options: ReviewListOptions) {
    reviews(options: $options) {
      totalItems
      items {
        id
        userName
        name
        description
        img
        star
        createdAt
      }
    }
  }
`);

export const AddReviewMutation = graphql(`
  mutation AddReview($input: AddReviewInput!) {
    addReview(input: $input) {
      id
      userName
      name
      description
      img
      star
      createdAt
    }
  }
`);
