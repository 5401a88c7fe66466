import { graphql } from '../../gql';

export const PaymentPageQuery = graphql(`
  query PaymentPage($id: ID!) {
    me {
      id
      name
      email
    }
    order(id: $id) {
      id
      name
      totalPrice
      paid
      state
      transactionId
      engraving {
        text
        font
      }
    }
  }
`);

export const CreatePaymentIntentMutation = graphql(`
  mutation CreatePaymentIntent($orderId: ID!) {
    createPaymentIntent(orderId: $orderId) {
      id
      clientSecret
    }
  }
`);

/** Each answers the order's id, state, paid and transactionId, so Apollo's cache updates My Orders too. */
export const ConfirmPaymentMutation = graphql(`
  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!) {
    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId) {
      id
      paid
      state
      status
      transactionId
    }
  }
`);

export const ConfirmTestCardPaymentMutation = graphql(`
  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!) {
    confirmTestCardPayment(orderId: $orderId, card: $card) {
      id
      paid
      state
      status
      transactionId
    }
  }
`);
