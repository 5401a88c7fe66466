import { graphql } from '../gql';

/** An amount: minor units, currency and how the shop writes it. Shared by every operation that reads one. */
export const MoneyFieldsFragment = graphql(`
  fragment MoneyFields on Money {
    amount
    currency
    formatted
  }
`);

/** When a product ships: made to order or from stock, and the window an order placed now gets. */
export const LeadTimeFieldsFragment = graphql(`
  fragment LeadTimeFields on Product {
    madeToOrder {
      minDays
      maxDays
    }
    leadTime {
      madeToOrder
      text
      shipWindow {
        earliest
        latest
        text
      }
    }
  }
`);

/** A variant's own lead time (INHERIT: its product's), and when an order of it placed now would ship. */
export const VariantLeadTimeFieldsFragment = graphql(`
  fragment VariantLeadTimeFields on ProductVariant {
    leadTimeMode
    madeToOrder {
      minDays
      maxDays
    }
    leadTime {
      madeToOrder
      text
      shipWindow {
        earliest
        latest
        text
      }
    }
  }
`);

/** What the shop shows of a product; shared by the storefront, purchase and admin operations. */
export const ProductFieldsFragment = graphql(`
  fragment ProductFields on Product {
    id
    name
    img
    description
    priceFrom {
      ...MoneyFields
    }
    quantity
    minimumQuantity
  }
`);

/** What choosing a variant needs (Money inlined: the admin's variant mutations nest this fragment, under the query depth limit): the option groups and every variant (disabled ones are hidden by the picker). */
export const ProductChoiceFieldsFragment = graphql(`
  fragment ProductChoiceFields on Product {
    optionGroups {
      id
      name
      values {
        id
        groupId
        name
        custom
      }
      custom {
        label
        min
        max
        unit
        surchargeAmount {
          amount
          currency
          formatted
        }
      }
    }
    variants {
      id
      name
      options {
        id
        groupId
      }
      unitPrice {
        amount
        currency
        formatted
      }
      quantity
      img
      enabled
      ...VariantLeadTimeFields
    }
  }
`);

/** What ordering a product reads of it, as it is now: the cart's lines and the purchase page check their price, stock and age rule with it. */
export const OrderableProductFieldsFragment = graphql(`
  fragment OrderableProductFields on Product {
    ...ProductFields
    ...ProductEngravingFields
    ...ProductChoiceFields
    ageRestricted
    minimumAge
    ...LeadTimeFields
  }
`);

/** A product card's fields: the shop's fields, its slug (the card's link), and its variants' prices. */
export const ProductCardFieldsFragment = graphql(`
  fragment ProductCardFields on Product {
    ...ProductFields
    ...LeadTimeFields
    slug
    kind
    variants {
      id
      unitPrice {
        ...MoneyFields
      }
      enabled
    }
  }
`);

/**
 * The storefront's product list. Of the variants only their prices: a card says "from" when they
 * differ, and has options to choose when there are several (their details load when asked for).
 * The slug is the card's link to the product's page.
 */
export const ProductsQuery = graphql(`
  query Products($options: ProductListOptions) {
    products(options: $options) {
      totalItems
      items {
        ...ProductCardFields
      }
    }
  }
`);

/** A card's options, read when the shopper opens them. */
export const ProductChoicesQuery = graphql(`
  query ProductChoices($id: ID!) {
    product(id: $id) {
      id
      ...ProductChoiceFields
    }
  }
`);
