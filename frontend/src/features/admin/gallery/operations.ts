import { graphql } from '../../../gql';

/** A product's gallery as the dashboard edits it; every gallery mutation answers it. */
export const GalleryFieldsFragment = graphql(`
  fragment GalleryFields on Product {
    id
    img
    images {
      id
      url
      alt
      position
    }
  }
`);

export const AddProductImageMutation = graphql(`
  mutation AddProductImage($productId: ID!, $input: ProductImageInput!) {
    addProductImage(productId: $productId, input: $input) {
      ...GalleryFields
    }
  }
`);

export const SetProductImageAltMutation = graphql(`
  mutation SetProductImageAlt($id: ID!, $alt: String!) {
    setProductImageAlt(id: $id, alt: $alt) {
      ...GalleryFields
    }
  }
`);

export const RemoveProductImageMutation = graphql(`
  mutation RemoveProductImage($id: ID!) {
    removeProductImage(id: $id) {
      ...GalleryFields
    }
  }
`);

export const ReorderProductImagesMutation = graphql(`
  mutation ReorderProductImages($productId: ID!, $imageIds: [ID!]!) {
    reorderProductImages(productId: $productId, imageIds: $imageIds) {
      ...GalleryFields
    }
  }
`);
