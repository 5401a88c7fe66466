import { graphql } from '../gql';

/** A saved address as the address book and checkout show it. */
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

/** The signed-in customer's address book (the default first, then the newest) and the countries the shop delivers to. */
export const MyAddressesQuery = graphql(`
  query MyAddresses {
    me {
      id
      addresses {
        ...SavedAddress
      }
    }
    shippingCountries
  }
`);

export const SaveAddressMutation = graphql(`
  mutation SaveAddress($input: AddressInput!) {
    saveAddress(input: $input) {
      ...SavedAddress
    }
  }
`);
