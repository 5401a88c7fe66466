import { graphql } from '../../gql';

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

export const DeleteOrderMutation = graphql(`
  mutation DeleteOrder($id: ID!) {
    deleteOrder(id: $id)
  }
`);
