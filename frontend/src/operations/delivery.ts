import { graphql } from '../gql';

/**
 * What the delivery section starts from: the customer's saved addresses and the countries the shop
 * ships to. A page's query spreads it, so that one request brings the page and its delivery choices.
 */
export const DeliveryChoicesFragment = graphql(`
  fragment DeliveryChoices on Query {
    me {
      id
      addresses {
        ...SavedAddress
      }
    }
    shippingCountries
  }
`);

/**
 * The methods that serve an address for these lines, each with what the order would come to and
 * what the applied gift cards would pay of it; without a method to choose (no zones, gift cards
 * alone), the order's totals and the cards' shares. The server's figures, by placeOrder's rules.
 */
export const OrderQuoteQuery = graphql(`
  query OrderQuote($input: ShippingOptionsInput!) {
    orderQuote(input: $input) {
      options {
        id
        name
        minDays
        maxDays
        price {
          ...MoneyFields
        }
        totals {
          ...OrderTotalsFields
        }
        giftCardPayments {
          ...GiftCardShareFields
        }
      }
      notOffered
      totals {
        ...OrderTotalsFields
      }
      giftCardPayments {
        ...GiftCardShareFields
      }
    }
  }
`);

/** What one gift card pays (or would pay) of an order. */
export const GiftCardShareFieldsFragment = graphql(`
  fragment GiftCardShareFields on OrderGiftCardPayment {
    lastFour
    amount {
      ...MoneyFields
    }
  }
`);

/** A gift card's balance, as anyone holding its code may read it (the checkout checks a code with it before the order). */
export const GiftCardBalanceQuery = graphql(`
  query GiftCardBalance($code: String!) {
    giftCardBalance(code: $code) {
      lastFour
      balance {
        amount
        currency
        formatted
      }
      expiresAt
    }
  }
`);
