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
