import { graphql } from '../../gql';

export const AdminOrdersQuery = graphql(`
  query AdminOrders($options: OrderListOptions) {
    orders(options: $options) {
      totalItems
      items {
        ...OrderFields
      }
    }
  }
`);

export const MarkShippedMutation = graphql(`
  mutation MarkShipped($id: ID!, $tracking: ShipmentTrackingInput) {
    markShipped(id: $id, tracking: $tracking) {
      id
      status
      state
      trackingCarrier
      trackingNumber
    }
  }
`);

export const OrderHistoryQuery = graphql(`
  query OrderHistory($id: ID!) {
    orderHistory(id: $id) {
      id
      fromState
      toState
      actor
      actorEmail
      note
      createdAt
    }
  }
`);

export const AdminProductsQuery = graphql(`
  query AdminProducts($options: ProductListOptions) {
    products(options: $options) {
      totalItems
      items {
        ...ProductFields
        ...ProductEngravingFields
        createdAt
      }
    }
  }
`);

export const AdminProductQuery = graphql(`
  query AdminProduct($id: ID!) {
    product(id: $id) {
      ...ProductFields
      ...ProductEngravingFields
      taxCategory
      slug
    }
  }
`);

export const CreateProductMutation = graphql(`
  mutation CreateProduct($input: ProductInput!) {
    createProduct(input: $input) {
      ...ProductFields
      ...ProductEngravingFields
      taxCategory
      createdAt
    }
  }
`);

export const UpdateProductMutation = graphql(`
  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {
    updateProduct(id: $id, input: $input) {
      ...ProductFields
      ...ProductEngravingFields
      taxCategory
      slug
    }
  }
`);

export const DeleteProductMutation = graphql(`
  mutation DeleteProduct($id: ID!) {
    deleteProduct(id: $id)
  }
`);

export const AdminUsersQuery = graphql(`
  query AdminUsers($options: UserListOptions) {
    users(options: $options) {
      totalItems
      items {
        ...UserFields
        createdAt
        activeApiKeyCount
      }
    }
  }
`);

export const MakeAdminMutation = graphql(`
  mutation MakeAdmin($email: String!) {
    makeAdmin(email: $email) {
      id
      role
    }
  }
`);

export const RemoveAdminMutation = graphql(`
  mutation RemoveAdmin($email: String!) {
    removeAdmin(email: $email) {
      id
      role
      activeApiKeyCount
    }
  }
`);

export const OverviewQuery = graphql(`
  query Overview {
    overview {
      days {
        day
        sales {
          ...MoneyFields
        }
        orders
      }
      paidOrders
      unpaidOrders
      lowStockVariants {
        variantId
        name
        variantName
        sku
        quantity
        minimumQuantity
      }
      unitsByProduct {
        productId
        name
        units
      }
      unitsByVariant {
        variantId
        name
        variantName
        sku
        units
      }
    }
  }
`);
