import { graphql } from '../gql';

/** The lines of a postal address, a saved one or an order's copy (the AddressLines interface). */
export const AddressLinesFieldsFragment = graphql(`
  fragment AddressLinesFields on AddressLines {
    name
    line1
    line2
    city
    region
    postalCode
    country
    phone
  }
`);

/** A saved address as the address book and checkout show it. */
export const SavedAddressFragment = graphql(`
  fragment SavedAddress on Address {
    id
    ...AddressLinesFields
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
