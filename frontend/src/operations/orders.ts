import { graphql } from '../gql';

/**
 * An order's amounts, or what an order would come to with a shipping option: the receipt's breakdown
 * (Money inlined: order lists nest this fragment in OrderFields, under the query depth limit).
 */
export const OrderTotalsFieldsFragment = graphql(`
  fragment OrderTotalsFields on OrderTotals {
    subtotal {
      amount
      currency
      formatted
    }
    adjustments {
      amount
      currency
      formatted
    }
    discount {
      amount
      currency
      formatted
    }
    shipping {
      amount
      currency
      formatted
    }
    tax {
      amount
      currency
      formatted
    }
    total {
      amount
      currency
      formatted
    }
    giftCards {
      amount
      currency
      formatted
    }
    amountDue {
      amount
      currency
      formatted
    }
  }
`);

/** An adjustment of an order's price as its totals name it: the label the customer reads. */
export const OrderAdjustmentLabelFragment = graphql(`
  fragment OrderAdjustmentLabel on OrderAdjustment {
    id
    source
    label
  }
`);

/** Where an order ships, as it keeps the address. */
export const ShippingAddressFieldsFragment = graphql(`
  fragment ShippingAddressFields on PostalAddress {
    ...AddressLinesFields
  }
`);

/** What a receipt shows of where and how an order ships and what it comes to (OrderDelivery): the payment page's and OrderFields'. */
export const OrderDeliveryFieldsFragment = graphql(`
  fragment OrderDeliveryFields on Order {
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
    giftCardPayments {
      lastFour
      amount {
        amount
        currency
        formatted
      }
    }
    giftCardsIssued {
      lastFour
      recipientEmail
      amount {
        amount
        currency
        formatted
      }
    }
  }
`);

/** A line as a receipt lists it: what, how many, its amount and its engraving's text. */
export const OrderLineSummaryFragment = graphql(`
  fragment OrderLineSummary on OrderLine {
    id
    name
    variantName
    quantity
    lineAmount {
      ...MoneyFields
    }
    discount {
      ...MoneyFields
    }
    engraving {
      text
      font
      placement
    }
  }
`);

/** A return as its customer and staff see it (My Orders and the dashboard's Returns). */
export const ReturnFieldsFragment = graphql(`
  fragment ReturnFields on ReturnRequest {
    id
    orderId
    rmaNumber
    state
    reason
    details
    declineReason
    photos
    createdAt
    lines {
      id
      orderLineId
      name
      quantity
      receivedQuantity
      restock
    }
  }
`);

/** What a customer and the admin see of an order; shared by My Orders, purchase and All Orders. */
export const OrderFieldsFragment = graphql(`
  fragment OrderFields on Order {
    id
    guest
    userName
    name
    email
    description
    img
    quantity
    currency
    ...OrderDeliveryFields
    status
    paid
    state
    deliveredAt
    transactionId
    trackingCarrier
    trackingNumber
    createdAt
    returns {
      ...ReturnFields
    }
    giftMessage
    workshopNote
    shipBy {
      earliest
      latest
      text
    }
    late
    ...OrderDocumentsFields
    engraving {
      text
      font
      placement
    }
    lines {
      ...OrderLineSummary
      refundedQuantity
      sku
      img
      unitAmount {
        ...MoneyFields
      }
      engraving {
        unitAmount {
          ...MoneyFields
        }
      }
      product {
        id
        quantity
      }
    }
  }
`);

/** Who places an order: the profile the checkout and purchase forms show and start a new address from, with their age check. */
export const OrderingCustomerFragment = graphql(`
  fragment OrderingCustomer on User {
    id
    name
    email
    phone
    ...AgeCheckCustomer
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

/**
 * Cancels an unpaid order or refunds a paid one (My Orders and All Orders). The answer carries the
 * order's new state and the product's stock with its units back, so the cache updates both in place.
 */
export const CancelOrderMutation = graphql(`
  mutation CancelOrder($id: ID!) {
    cancelOrder(id: $id) {
      id
      state
      status
      paid
      product {
        id
        quantity
      }
      lines {
        id
        product {
          id
          quantity
        }
      }
    }
  }
`);
