import { graphql } from '../gql';

/** What a customer and the admin see of an order; shared by My Orders, purchase and All Orders. */
export const OrderFieldsFragment = graphql(`
  fragment OrderFields on Order {
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
    state
    transactionId
    createdAt
    engraving {
      text
      font
      unitPrice
    }
  }
`);

export const MyOrdersQuery = graphql(`
  query MyOrders($options: OrderListOptions) {
    myOrders(options: $options) {
      totalItems
      items {
        ...OrderFields
      }
    }
  }
`);

/** Answers the order in its new state (Cancelled), so the cached row updates in place. */
export const CancelOrderMutation = graphql(`
  mutation CancelOrder($id: ID!) {
    cancelOrder(id: $id) {
      id
      state
      status
      paid
    }
  }
`);
