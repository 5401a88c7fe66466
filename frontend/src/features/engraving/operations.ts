import { graphql } from '../../gql';

export const EngravingSheetQuery = graphql(`
  query EngravingSheet($id: ID!) {
    order(id: $id) {
      id
      name
      userName
      quantity
      createdAt
      engraving {
        text
        font
      }
    }
    engravingFonts {
      id
      name
    }
  }
`);
