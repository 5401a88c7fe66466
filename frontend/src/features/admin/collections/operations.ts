import { graphql } from '../../../gql';

export const AdminCollectionFieldsFragment = graphql(`
  fragment AdminCollectionFields on Collection {
    id
    name
    slug
    description
    image
    position
    products {
      id
      name
    }
  }
`);

/** Every collection with its products, in the admins' order. */
export const AdminCollectionsQuery = graphql(`
  query AdminCollections {
    collections {
      ...AdminCollectionFields
    }
  }
`);

export const CreateCollectionMutation = graphql(`
  mutation CreateCollection($input: CollectionInput!) {
    createCollection(input: $input) {
      ...AdminCollectionFields
    }
  }
`);

export const UpdateCollectionMutation = graphql(`
  mutation UpdateCollection($id: ID!, $input: CollectionInput!) {
    updateCollection(id: $id, input: $input) {
      ...AdminCollectionFields
    }
  }
`);

export const DeleteCollectionMutation = graphql(`
  mutation DeleteCollection($id: ID!) {
    deleteCollection(id: $id)
  }
`);

export const SetCollectionProductsMutation = graphql(`
  mutation SetCollectionProducts($id: ID!, $productIds: [ID!]!) {
    setCollectionProducts(id: $id, productIds: $productIds) {
      ...AdminCollectionFields
    }
  }
`);

export const ReorderCollectionsMutation = graphql(`
  mutation ReorderCollections($ids: [ID!]!) {
    reorderCollections(ids: $ids) {
      id
      position
    }
  }
`);

/** Products to put on a shelf: those whose name holds the search, by name. */
export const ShelfProductChoicesQuery = graphql(`
  query ShelfProductChoices($search: String) {
    products(options: { search: $search, sortBy: name, sortDirection: ASC, skip: 0, take: 50 }) {
      totalItems
      items {
        id
        name
      }
    }
  }
`);
