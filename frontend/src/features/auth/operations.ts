import { graphql } from '../../gql';

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

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
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
