import { graphql } from '../../../gql';

/** What every variant mutation answers: enough of the product for the editor, the grid and the cards to follow without a refetch. */
export const ProductVariantsFieldsFragment = graphql(`
  fragment ProductVariantsFields on Product {
    id
    priceFrom {
      ...MoneyFields
    }
    quantity
    ...ProductChoiceFields
    variants {
      productId
      sku
      options {
        name
        custom
      }
      ownImg
      weightGrams
      ownWeightGrams
    }
  }
`);

export const ProductVariantsQuery = graphql(`
  query ProductVariants($id: ID!) {
    product(id: $id) {
      name
      img
      ...ProductVariantsFields
    }
  }
`);

export const SetProductOptionsMutation = graphql(`
  mutation SetProductOptions($productId: ID!, $groups: [ProductOptionGroupInput!]!) {
    setProductOptions(productId: $productId, groups: $groups) {
      ...ProductVariantsFields
    }
  }
`);

export const UpdateProductVariantMutation = graphql(`
  mutation UpdateProductVariant($id: ID!, $input: ProductVariantInput!) {
    updateProductVariant(id: $id, input: $input) {
      ...ProductVariantsFields
    }
  }
`);

export const UpdateProductVariantsMutation = graphql(`
  mutation UpdateProductVariants($ids: [ID!]!, $input: ProductVariantInput!) {
    updateProductVariants(ids: $ids, input: $input) {
      ...ProductVariantsFields
    }
  }
`);

export const DeleteProductVariantMutation = graphql(`
  mutation DeleteProductVariant($id: ID!) {
    deleteProductVariant(id: $id) {
      ...ProductVariantsFields
    }
  }
`);
