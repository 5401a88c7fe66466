import { graphql } from '../../gql';

/** A collection's page: its name, description and products in shelf order, as cards. */
export const CollectionPageQuery = graphql(`
  query CollectionPage($slug: String!) {
    collection(slug: $slug) {
      id
      name
      slug
      description
      products {
        ...ProductCardFields
      }
    }
  }
`);
