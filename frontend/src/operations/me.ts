import { graphql } from '../gql';

/** What the shop shows of a user's profile; shared by the profile, sign-up and admin operations. */
export const UserFieldsFragment = graphql(`
  fragment UserFields on User {
    id
    name
    email
    phone
    address
    img
    role
    orderEmails
  }
`);

/** The signed-in user's profile; read by the guards, the dashboard and the profile page. */
export const MeQuery = graphql(`
  query Me {
    me {
      ...UserFields
    }
  }
`);
