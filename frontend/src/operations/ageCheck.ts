import { graphql } from '../gql';

/** A customer's age check as the checkout's age step reads it (never the date of birth). */
export const AgeVerificationFieldsFragment = graphql(`
  fragment AgeVerificationFields on AgeVerification {
    id
    status
    method
    checkedAt
    ageBracket
    validUntil
  }
`);

/**
 * Who checks their age: their profile's name starts the step, and their latest check says whether
 * it is needed. The checkout and purchase pages' queries spread it under `me`.
 */
export const AgeCheckCustomerFragment = graphql(`
  fragment AgeCheckCustomer on User {
    id
    name
    ageVerification {
      ...AgeVerificationFields
    }
  }
`);

/** Checks the customer's age; the answer replaces `me.ageVerification` in the cache. */
export const VerifyAgeMutation = graphql(`
  mutation VerifyAge($input: VerifyAgeInput!, $guestEmail: String) {
    verifyAge(input: $input, guestEmail: $guestEmail) {
      ...AgeVerificationFields
    }
  }
`);

/** The document a NEEDS_DOCUMENT check asked for (the provider's token for it). */
export const SubmitAgeDocumentMutation = graphql(`
  mutation SubmitAgeDocument($input: AgeDocumentInput!, $guestEmail: String) {
    submitAgeDocument(input: $input, guestEmail: $guestEmail) {
      ...AgeVerificationFields
    }
  }
`);
