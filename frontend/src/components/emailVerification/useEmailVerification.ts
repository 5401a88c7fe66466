import { useCallback, useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { useAuth } from '../../lib/auth';
import { EmailVerifiedQuery } from '../../operations/emailVerified';

export interface EmailVerificationOptions {
  /** Nothing waits for the address (yet): the server is not asked. */
  skip?: boolean;
  /** Once the address shows unverified, check again once, quietly: the link may have been followed since the token was issued. */
  recheckOnShow?: boolean;
}

export type EmailVerification = ReturnType<typeof useEmailVerification>;

/**
 * Whether the server has seen the signed-in customer's e-mail address verified (`me.emailVerified`,
 * asked on each visit: it records the verification when a token says so), and the two things a
 * customer can do about it: have the verification e-mail sent again, and say they followed its
 * link. Order e-mails and age checks wait for it.
 */
export function useEmailVerification({ skip = false, recheckOnShow = false }: EmailVerificationOptions = {}) {
  const { auth, user } = useAuth();
  const { data, error, refetch } = useQuery(EmailVerifiedQuery, { fetchPolicy: 'cache-and-network', skip });
  const unverified = !skip && data?.me?.emailVerified === false;
  // The first answer is on its way (a failure to ask leaves it to the server to say no later).
  const checking = !skip && data === undefined && !error;

  /**
   * The link may have been followed since this session's token was issued: Firebase's user,
   * reloaded, says so; a fresh token then carries it to the server, which records the verification
   * (and sends the held mails) on that request. Answers whether the server now has it verified.
   */
  const recheckWhile = useCallback(
    async (live: () => boolean): Promise<boolean> => {
      const current = auth?.currentUser;
      if (!current) return false;
      await current.reload();
      if (!live() || !current.emailVerified) return false;
      await current.getIdToken(true);
      if (!live()) return false;
      const { data: fresh } = await refetch();
      return fresh?.me?.emailVerified === true;
    },
    [auth, refetch],
  );

  useEffect(() => {
    if (!recheckOnShow || !unverified) return;
    let live = true;
    void recheckWhile(() => live).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [recheckOnShow, unverified, recheckWhile]);

  return {
    /** The address the verification e-mail goes to. */
    email: user?.email ?? null,
    /** The server says the address is not verified. */
    unverified,
    /** Not known yet: the server has not answered. */
    checking,
    /** Checks again after the customer says they followed the link; answers whether it is now verified. */
    recheck: useCallback(() => recheckWhile(() => true), [recheckWhile]),
    /** Asks the server again (a refusal said the address is not verified). */
    refresh: useCallback(() => refetch().then(() => undefined), [refetch]),
    /** Sends the verification e-mail again (Firebase's, with its link); rejects with Firebase's error. */
    resend: useCallback(async () => {
      const current = auth?.currentUser;
      if (!current) throw new Error('Sign in again to have the e-mail sent');
      // The SDK's own chunk, already loaded for a signed-in customer.
      const { sendEmailVerification } = await import('../../lib/firebase');
      await sendEmailVerification(current);
    }, [auth]),
  };
}
