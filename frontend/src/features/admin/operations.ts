import { graphql } from '../../gql';

/** Whether a product is a bladed article, and its own minimum age: the admin's product pages. */
export const ProductAgeFieldsFragment = graphql(`
  fragment ProductAgeFields on Product {
    ageRestricted
    minimumAge
  }
`);

export const AdminOrdersQuery = graphql(`
  query AdminOrders($options: OrderListOptions) {
    orders(options: $options) {
      totalItems
      items {
        ...OrderFields
        ageRestricted
        deliveryHandover
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
      ageVerifiedDelivery
    }
  }
`);

/** Adjust price: the answer is the whole order as All Orders lists it, so the cache updates its row, totals and lines. */
export const AdjustOrderPriceMutation = graphql(`
  mutation AdjustOrderPrice($orderId: ID!, $input: PriceAdjustmentInput!) {
    adjustOrderPrice(orderId: $orderId, input: $input) {
      ...OrderFields
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

/** The age evidence of an order (admin): the check it relied on, its placing and its shipping. */
export const AgeChecksQuery = graphql(`
  query AgeChecks($orderId: ID!) {
    ageChecks(orderId: $orderId) {
      id
      kind
      createdAt
      method
      status
      ageBracket
      providerReference
      country
      minimumAge
      handover
      ageVerifiedDelivery
      note
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
        ...ProductAgeFields
        ...GalleryFields
        createdAt
      }
    }
  }
`);

/** What the admin's product form edits, as the product page reads it and a save answers it. */
export const AdminProductFieldsFragment = graphql(`
  fragment AdminProductFields on Product {
    ...ProductFields
    ...ProductEngravingFields
    ...ProductAgeFields
    taxCategory
    kind
    giftCardMinAmount
    giftCardMaxAmount
    madeToOrder {
      minDays
      maxDays
    }
    madeToOrderCap
    weightGrams
  }
`);

export const AdminProductQuery = graphql(`
  query AdminProduct($id: ID!) {
    product(id: $id) {
      ...AdminProductFields
      slug
    }
  }
`);

export const CreateProductMutation = graphql(`
  mutation CreateProduct($input: ProductInput!) {
    createProduct(input: $input) {
      ...AdminProductFields
      createdAt
    }
  }
`);

export const UpdateProductMutation = graphql(`
  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {
    updateProduct(id: $id, input: $input) {
      ...AdminProductFields
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

/** A customer's data, exported by an admin on their request (logged with the reason). */
export const CustomerDataQuery = graphql(`
  query CustomerData($userId: ID!, $reason: String!) {
    customerData(userId: $userId, reason: $reason)
  }
`);

/** An admin erases a customer's account on their request (logged with the reason). */
export const EraseCustomerMutation = graphql(`
  mutation EraseCustomer($userId: ID!, $input: EraseCustomerInput!) {
    eraseCustomer(userId: $userId, input: $input) {
      cancelledOrders
      reviews
      reviewsChoice
      kept {
        what
        why
      }
    }
  }
`);

/** The shipped order reached its customer: the answer moves its row to Delivered; its return window starts. */
export const MarkDeliveredMutation = graphql(`
  mutation MarkDelivered($id: ID!) {
    markDelivered(id: $id) {
      id
      status
      state
      deliveredAt
    }
  }
`);
