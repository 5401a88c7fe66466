import { graphql } from '../../../gql';

/** A saved address as the address book shows it. */
export const SavedAddressFragment = graphql(`
  fragment SavedAddress on Address {
    id
    name
    line1
    line2
    city
    region
    postalCode
    country
    phone
    isDefault
    createdAt
  }
`);

/** The signed-in customer's address book: the default first, then the newest. */
export const MyAddressesQuery = graphql(`
  query MyAddresses {
    me {
      id
      addresses {
        ...SavedAddress
      }
    }
  }
`);

export const SaveAddressMutation = graphql(`
  mutation SaveAddress($input: AddressInput!) {
    saveAddress(input: $input) {
      ...SavedAddress
    }
  }
`);

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
