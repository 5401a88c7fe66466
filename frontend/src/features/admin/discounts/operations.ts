import { graphql } from '../../../gql';

export const AdminDiscountFieldsFragment = graphql(`
  fragment AdminDiscountFields on Discount {
    id
    code
    kind
    value
    appliesTo
    productIds
    collectionIds
    minimumSubtotal {
      amount
      formatted
    }
    startsAt
    endsAt
    usageLimit
    oncePerCustomer
    enabled
    timesUsed
  }
`);

/** Every code, newest first, with its usage. */
export const AdminDiscountsQuery = graphql(`
  query AdminDiscounts {
    discounts {
      ...AdminDiscountFields
    }
  }
`);

/** What a code may apply to: the catalogue's products (the first 100 by name) and its collections. */
export const DiscountTargetsQuery = graphql(`
  query DiscountTargets {
    products(options: { take: 100, sortBy: name }) {
      items {
        id
        name
      }
    }
    collections {
      id
      name
    }
  }
`);

export const CreateDiscountMutation = graphql(`
  mutation CreateDiscount($input: DiscountInput!) {
    createDiscount(input: $input) {
      ...AdminDiscountFields
    }
  }
`);

export const UpdateDiscountMutation = graphql(`
  mutation UpdateDiscount($id: ID!, $input: DiscountInput!) {
    updateDiscount(id: $id, input: $input) {
      ...AdminDiscountFields
    }
  }
`);

export const DisableDiscountMutation = graphql(`
  mutation DisableDiscount($id: ID!) {
    disableDiscount(id: $id) {
      ...AdminDiscountFields
    }
  }
`);
