import { graphql } from '../../gql';

export const PurchasePageQuery = graphql(`
  query PurchasePage($id: ID!) {
    me {
      ...OrderingCustomer
    }
    ...DeliveryChoices
    product(id: $id) {
      ...OrderableProductFields
      kind
      giftCardMinAmount
      giftCardMaxAmount
    }
    engravingFonts {
      id
      name
    }
  }
`);

/** Answers the new order (added to My Orders by a cache update) and the product's new stock. */
export const PlaceOrderMutation = graphql(`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      ...OrderFields
      product {
        id
        quantity
      }
    }
  }
`);
