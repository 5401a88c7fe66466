import { graphql } from '../../gql';

/** What the gift slip prints: the shop, the order, what is in the parcel and the buyer's message; never a price. */
export const GiftSlipQuery = graphql(`
  query GiftSlip($id: ID!) {
    order(id: $id) {
      id
      createdAt
      giftMessage
      lines {
        id
        name
        variantName
        quantity
      }
    }
    shop {
      name
    }
  }
`);
