import { graphql } from '../gql';

/** The signed-in user's profile; read by the guards, the dashboard and the profile page. */
export const MeQuery = graphql(`
  query Me {
    me {
      id
      name
      email
      phone
      address
      img
      role
    }
  }
`);
