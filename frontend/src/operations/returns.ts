import { graphql } from '../gql';

/** The shop's return policy and window, shown before a return is asked for. */
export const ReturnPolicyQuery = graphql(`
  query ReturnPolicy {
    returnPolicy {
      returnDays
      policy
    }
  }
`);

/** Asks to return units of a delivered order (a guest by the order link's token); the answer's order id lets the cache add it to the order's returns. */
export const RequestReturnMutation = graphql(`
  mutation RequestReturn($input: RequestReturnInput!, $token: String) {
    requestReturn(input: $input, token: $token) {
      ...ReturnFields
    }
  }
`);
