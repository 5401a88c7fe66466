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

/** The methods that serve an address for these lines, each with what the order would come to. */
export const ShippingOptionsQuery = graphql(`
  query ShippingOptions($input: ShippingOptionsInput!) {
    shippingOptions(input: $input) {
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
    }
  }
`);
