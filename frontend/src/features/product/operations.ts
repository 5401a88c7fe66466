import { graphql } from '../../gql';

/**
 * A product's public page: what the shop shows of it, its options and engraving settings, and the
 * fonts an engraving may use. Asked by slug: an old slug answers the product with its current one.
 */
export const ProductPageQuery = graphql(`
  query ProductPage($slug: String!) {
    product(slug: $slug) {
      ...ProductFields
      ...LeadTimeFields
      slug
      kind
      ...ProductEngravingFields
      ...ProductChoiceFields
      rating {
        average
        count
      }
      images {
        id
        url
        alt
        srcset
      }
    }
    engravingFonts {
      id
      name
    }
  }
`);
