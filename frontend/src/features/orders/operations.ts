import { graphql } from '../../gql';

/** Attaches the guest orders placed with the signed-in customer's verified address; answers how many, once. */
export const ClaimGuestOrdersMutation = graphql(`
  mutation ClaimGuestOrders {
    claimGuestOrders
  }
`);
