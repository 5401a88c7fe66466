import { graphql } from '../gql';

/** Proof rounds and an order's proof state, shared by the customer's proof page and the dashboard. */
export const ProofFieldsFragment = graphql(`
  fragment ProofFields on OrderProof {
    id
    lineId
    version
    imageUrls
    note
    engravingText
    engravingFont
    status
    comment
    sentAt
    answeredAt
    answeredBy
  }
`);

/** What every proof mutation answers, so the proof page, My Orders and the dashboard's grid update from the cache. */
export const OrderProofStateFragment = graphql(`
  fragment OrderProofState on Order {
    id
    state
    status
    proofRoundsLeft
    lines {
      id
      proofRequired
      proofApproved
      engraving {
        text
        font
        placement
      }
    }
    proofs {
      ...ProofFields
    }
  }
`);
