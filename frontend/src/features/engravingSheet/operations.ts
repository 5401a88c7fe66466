import { graphql } from '../../gql';

/** A product's engraving settings: read by the purchase page and the admin product pages, not the storefront. */
export const ProductEngravingFieldsFragment = graphql(`
  fragment ProductEngravingFields on Product {
    engravable
    engravingMaxLength
    proofRequired
    engravingPlacements
    engravingSurcharge {
      ...MoneyFields
    }
  }
`);

export const EngravingSheetQuery = graphql(`
  query EngravingSheet($id: ID!) {
    order(id: $id) {
      ...OrderFields
      ageRestricted
      parcelNotice
      lines {
        id
        proofRequired
        proofApproved
      }
    }
    engravingFonts {
      id
      name
    }
  }
`);
