import { graphql } from '../../gql';

/** Every collection's name and slug, for the products page's filter. */
export const CollectionChoicesQuery = graphql(`
  query CollectionChoices {
    collections {
      id
      name
      slug
    }
  }
`);
