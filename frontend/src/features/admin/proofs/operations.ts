import { graphql } from '../../../gql';

/** An order's proof-requiring lines and their rounds, as staff send the next one. */
export const AdminOrderProofsQuery = graphql(`
  query AdminOrderProofs($id: ID!) {
    order(id: $id) {
      id
      lines {
        id
        name
        variantName
        quantity
      }
      ...OrderProofState
    }
  }
`);

/** Staff send a line its next proof round. */
export const SendOrderProofMutation = graphql(`
  mutation SendOrderProof($input: SendOrderProofInput!) {
    sendOrderProof(input: $input) {
      ...OrderProofState
    }
  }
`);
