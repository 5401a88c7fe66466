import { graphql } from '../gql';

/** What the shop shows of a product; shared by the storefront, purchase and admin operations. */
export const ProductFieldsFragment = graphql(`
  fragment ProductFields on Product {
    id
    name
    img
    description
    price
    quantity
    minimumQuantity
  }
`);

export const ProductsQuery = graphql(`
  query Products($options: ProductListOptions) {
    products(options: $options) {
      totalItems
      items {
        ...ProductFields
      }
    }
  }
`);
