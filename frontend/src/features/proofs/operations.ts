import { graphql } from '../../gql';

/** An order's engraved lines beside their proofs (its owner, a guest by the link's token, or staff). */
export const OrderProofsQuery = graphql(`
  query OrderProofs($id: ID!, $token: String) {
    order(id: $id, token: $token) {
      id
      name
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

export const ApproveOrderProofMutation = graphql(`
  mutation ApproveOrderProof($orderId: ID!, $proofId: ID!, $token: String) {
    approveOrderProof(orderId: $orderId, proofId: $proofId, token: $token) {
      ...OrderProofState
    }
  }
`);

export const RequestOrderProofChangesMutation = graphql(`
  mutation RequestOrderProofChanges($orderId: ID!, $proofId: ID!, $comment: String!, $token: String) {
    requestOrderProofChanges(orderId: $orderId, proofId: $proofId, comment: $comment, token: $token) {
      ...OrderProofState
    }
  }
`);

export const CorrectOrderEngravingMutation = graphql(`
  mutation CorrectOrderEngraving($orderId: ID!, $lineId: ID!, $text: String!, $token: String) {
    correctOrderEngraving(orderId: $orderId, lineId: $lineId, text: $text, token: $token) {
      ...OrderProofState
    }
  }
`);
