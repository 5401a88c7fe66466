import { graphql } from '../../gql';

export const PaymentPageQuery = graphql(`
  query PaymentPage($id: ID!, $token: String) {
    me {
      id
      name
      email
    }
    order(id: $id, token: $token) {
      id
      name
      ...OrderDeliveryFields
      paid
      state
      transactionId
      shipBy {
        earliest
        latest
        text
      }
      engraving {
        text
        font
      }
      lines {
        ...OrderLineSummary
      }
    }
  }
`);

export const CreatePaymentIntentMutation = graphql(`
  mutation CreatePaymentIntent($orderId: ID!, $idempotencyKey: String, $token: String) {
    createPaymentIntent(orderId: $orderId, idempotencyKey: $idempotencyKey, token: $token) {
      id
      clientSecret
    }
  }
`);

/** What a confirmed payment answers of the order, so Apollo's cache updates My Orders too. */
export const PaidOrderFieldsFragment = graphql(`
  fragment PaidOrderFields on Order {
    id
    paid
    state
    status
    transactionId
  }
`);

export const ConfirmPaymentMutation = graphql(`
  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!, $token: String) {
    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId, token: $token) {
      ...PaidOrderFields
    }
  }
`);

export const ConfirmTestCardPaymentMutation = graphql(`
  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!, $token: String) {
    confirmTestCardPayment(orderId: $orderId, card: $card, token: $token) {
      ...PaidOrderFields
    }
  }
`);

export const CompleteTestPaymentAuthenticationMutation = graphql(`
  mutation CompleteTestPaymentAuthentication($orderId: ID!, $succeed: Boolean!, $token: String) {
    completeTestPaymentAuthentication(orderId: $orderId, succeed: $succeed, token: $token) {
      ...PaidOrderFields
    }
  }
`);

export const PaymentReturnQuery = graphql(`
  query PaymentReturn($id: ID!) {
    order(id: $id) {
      id
      name
      ...PaidOrderFields
    }
  }
`);

/** The order's one intent with its status as the provider has it now (createPaymentIntent answers the existing one). */
export const PaymentStatusMutation = graphql(`
  mutation PaymentStatus($orderId: ID!) {
    createPaymentIntent(orderId: $orderId) {
      id
      status
    }
  }
`);

/** A guest order's page: the order as its link's token reads it. */
export const GuestOrderQuery = graphql(`
  query GuestOrder($id: ID!, $token: String!) {
    order(id: $id, token: $token) {
      ...OrderFields
      ...OrderDocumentsFields
      guestToken
    }
  }
`);

/** The guest cancels their unpaid order by its link; the answer updates the cached order in place. */
export const CancelGuestOrderMutation = graphql(`
  mutation CancelGuestOrder($id: ID!, $token: String!) {
    cancelOrder(id: $id, token: $token) {
      id
      state
      status
      paid
    }
  }
`);
