import { graphql } from '../../gql';

export const PurchasePageQuery = graphql(`
  query PurchasePage($id: ID!) {
    me {
      id
      name
      email
      phone
      address
    }
    product(id: $id) {
      id
      name
      img
      description
      price
      quantity
      minimumQuantity
    }
  }
`);

/** Answers the new order (added to My Orders by a cache update) and the product's new stock. */
export const PlaceOrderMutation = graphql(`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      id
      userName
      name
      email
      description
      img
      price
      totalPrice
      quantity
      status
      paid
      transactionId
      createdAt
      product {
        id
        quantity
      }
    }
  }
`);
