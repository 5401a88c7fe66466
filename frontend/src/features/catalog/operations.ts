import { graphql } from '../../gql';

export const ProductsQuery = graphql(`
  query Products($options: ProductListOptions) {
    products(options: $options) {
      totalItems
      items {
        id
        name
        img
        description
        price
        quantity
        minimumQuantity
      }
    }
  }
`);
