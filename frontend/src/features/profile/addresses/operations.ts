import { graphql } from '../../../gql';

export const DeleteAddressMutation = graphql(`
  mutation DeleteAddress($id: ID!) {
    deleteAddress(id: $id)
  }
`);

export const SetDefaultAddressMutation = graphql(`
  mutation SetDefaultAddress($id: ID!) {
    setDefaultAddress(id: $id) {
      ...SavedAddress
    }
  }
`);
