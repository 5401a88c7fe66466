import { graphql } from '../../gql';

/** Attaches the guest orders placed with the signed-in customer's verified address; answers how many, once. */
export const ClaimGuestOrdersMutation = graphql(`
  mutation ClaimGuestOrders {
    claimGuestOrders
  }
`);

/** The shop's return policy and window, shown before a return is asked for. */
export const ReturnPolicyQuery = graphql(`
  query ReturnPolicy {
    returnPolicy {
      returnDays
      policy
    }
  }
`);

/** Asks to return units of a delivered order; the answer's order id lets the cache add it to the order's returns. */
export const RequestReturnMutation = graphql(`
  mutation RequestReturn($input: RequestReturnInput!) {
    requestReturn(input: $input) {
      ...ReturnFields
    }
  }
`);
