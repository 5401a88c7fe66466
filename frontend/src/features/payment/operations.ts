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
      totals {
        ...OrderTotalsFields
      }
      adjustments {
        ...OrderAdjustmentLabel
      }
      shippingMethodName
      shippingAddress {
        ...ShippingAddressFields
      }
      paid
      state
      transactionId
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
  mutation CreatePaymentIntent($orderId: ID!, $idempotencyKey: String) {
    createPaymentIntent(orderId: $orderId, idempotencyKey: $idempotencyKey) {
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
  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!) {
    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId) {
      ...PaidOrderFields
    }
  }
`);

export const ConfirmTestCardPaymentMutation = graphql(`
  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!) {
    confirmTestCardPayment(orderId: $orderId, card: $card) {
      ...PaidOrderFields
    }
  }
`);

export const CompleteTestPaymentAuthenticationMutation = graphql(`
  mutation CompleteTestPaymentAuthentication($orderId: ID!, $succeed: Boolean!) {
    completeTestPaymentAuthentication(orderId: $orderId, succeed: $succeed) {
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
