import { graphql } from '../../gql';

export const MyOrdersQuery = graphql(`
  query MyOrders($options: OrderListOptions) {
    myOrders(options: $options) {
      totalItems
      items {
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
      }
    }
  }
`);

export const DeleteOrderMutation = graphql(`
  mutation DeleteOrder($id: ID!) {
    deleteOrder(id: $id)
  }
`);
