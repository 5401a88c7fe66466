import { graphql } from '../../gql';

export const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      ...UserFields
    }
  }
`);

/** Order e-mails on or off; the answer updates "me" in the cache. */
export const SetOrderEmailsMutation = graphql(`
  mutation SetOrderEmails($on: Boolean!) {
    setOrderEmails(on: $on) {
      id
      orderEmails
    }
  }
`);

/** Everything the shop holds of the signed-in customer, as a JSON document (downloaded as a file). */
export const MyDataQuery = graphql(`
  query MyData {
    myData
  }
`);

/** Deletes the signed-in customer's account; answers what was kept and why. */
export const DeleteMyAccountMutation = graphql(`
  mutation DeleteMyAccount($input: DeleteMyAccountInput!) {
    deleteMyAccount(input: $input) {
      erasedAt
      cancelledOrders
      reviews
      reviewsChoice
      kept {
        what
        count
        why
      }
    }
  }
`);
