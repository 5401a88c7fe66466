import { graphql } from '../gql';

/**
 * Whether the server has seen the signed-in user's address verified: their order e-mails wait
 * until it has, and so does an age check (AGE_CHECK_EMAIL_UNVERIFIED).
 */
export const EmailVerifiedQuery = graphql(`
  query EmailVerified {
    me {
      id
      emailVerified
    }
  }
`);
