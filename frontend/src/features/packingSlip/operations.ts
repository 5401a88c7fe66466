import { graphql } from '../../gql';

/** What the packing slip prints: who ships, where to, what is in the parcel, and its notice for a bladed article. */
export const PackingSlipQuery = graphql(`
  query PackingSlip($id: ID!) {
    order(id: $id) {
      id
      userName
      address
      phone
      createdAt
      ageRestricted
      parcelNotice
      shippingMethodName
      shippingAddress {
        ...ShippingAddressFields
      }
      lines {
        id
        name
        variantName
        sku
        quantity
      }
    }
    shop {
      name
    }
  }
`);
