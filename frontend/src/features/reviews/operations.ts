import { graphql } from '../../gql';

export const RemoveReviewMutation = graphql(`
  mutation RemoveReview($id: ID!) {
    removeReview(id: $id)
  }
`);
