import { useState } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useFormik } from 'formik';
import { AGE_CHECK_EMAIL_UNVERIFIED, AGE_DECLARATION_REQUIRED, TEST_AGE_DOCUMENTS } from '@keen/rules';
import { ageCheckInput } from '@keen/rules/schemas';
import type { AgeCheckCustomerFragment, AgeVerificationFieldsFragment } from '../../gql/graphql';
import { useAuth } from '../../lib/auth';
import { isFuture } from '../../lib/dates';
import { errorCode, errorMessage } from '../../lib/errors';
import { useSubmitOnce } from '../../lib/submitOnce';
import { zodValidate } from '../../lib/zodForm';
import { SubmitAgeDocumentMutation, VerifyAgeMutation } from '../../operations/ageCheck';
import { useEmailVerification } from '../emailVerification/useEmailVerification';

export interface AgeCheckValues {
  fullName: string;
  dateOfBirth: string;
  declaration: boolean;
}

export interface AgeCheckProps {
  /** Whether the order has an age-restricted line; null while the lines' products are being read. */
  needed: boolean | null;
  /** Who orders, with their latest age check (the page's query spreads AgeCheckCustomer); null for a guest. */
  customer: AgeCheckCustomerFragment | null;
  /** A guest's e-mail address (signed out): their check is for it, and counts for the one order placed with it. */
  guestEmail?: string | null;
}

export type AgeCheck = ReturnType<typeof useAgeCheck>;

/**
 * What the age step shows: nothing (no restricted line, or a current pass from before), the form,
 * the document the provider asked for, the failure (and nothing more: the server never explains it),
 * or "Age confirmed" after a pass made here. The form and the document wait for a verified e-mail
 * address (the server refuses a check without one): `verifyEmail` asks for it instead, and
 * `checkingEmail` is the moment before the server has said whether it is.
 */
export type AgeCheckStage = 'hidden' | 'checkingEmail' | 'verifyEmail' | 'form' | 'document' | 'failed' | 'confirmed';

/** The answer becomes `me.ageVerification` in the cache: the page reads it from there, nothing is fetched again. */
function remember(cache: ApolloCache, customerId: string, verification: AgeVerificationFieldsFragment) {
  cache.modify({
    id: cache.identify({ __typename: 'User', id: customerId }),
    fields: { ageVerification: (_, { toReference }) => toReference(verification) ?? null },
  });
}

const validateAgeCheck = zodValidate<AgeCheckValues>(ageCheckInput);

/**
 * The checkout's age check (issue 38), for a page that orders lines: needed only when one of them
 * is age-restricted and the customer has no current passed check. `ready` is whether Place order
 * may be sent; `orderRefused(error)` takes placeOrder's age refusals (a check that expired
 * meanwhile, a failure) and shows the step again. The provider (/config.json) decides whether a
 * declaration is signed and whether the test provider's documents are offered.
 */
export function useAgeCheck({ needed, customer, guestEmail = null }: AgeCheckProps) {
  const provider = useAuth().config?.ageVerification ?? null;
  // A guest's check lives on this page only, for the address it was made with.
  const [guestCheck, setGuestCheck] = useState<{ email: string; verification: AgeVerificationFieldsFragment } | null>(null);
  const latest = customer
    ? (customer.ageVerification ?? null)
    : guestCheck && guestCheck.email === guestEmail
      ? guestCheck.verification
      : null;
  // The step was shown on this page: a pass then leaves it, collapsed, to say so.
  const [opened, setOpened] = useState(false);
  // placeOrder's AGE_CHECK_REQUIRED: the check it was sent with no longer does (expired, or the destination asks more).
  const [required, setRequired] = useState<string | null>(null);
  // AGE_CHECK_FAILED from the server: a failure the cached check does not show yet.
  const [lockedByServer, setLockedByServer] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Counts the answers and refusals that changed the step: each brings the customer's focus to it.
  const [attention, setAttention] = useState(0);
  const notice = () => setAttention((count) => count + 1);

  const passed = latest?.status === 'PASSED' && isFuture(latest.validUntil);
  const locked = lockedByServer || (latest?.status === 'FAILED' && isFuture(latest.validUntil));
  // The server's refusal of an order shows the step even for lines the page did not know were restricted.
  const shown = needed === true || required !== null || lockedByServer;
  const checkStage: AgeCheckStage = !shown
    ? 'hidden'
    : locked
      ? 'failed'
      : latest?.status === 'NEEDS_DOCUMENT'
        ? 'document'
        : passed && !required
          ? opened
            ? 'confirmed'
            : 'hidden'
          : 'form';
  // Asked only when the customer is about to check their age.
  const sendsCheck = checkStage === 'form' || checkStage === 'document';
  // A guest's address is not verified: their check is bound to their order instead.
  const email = useEmailVerification({ skip: !sendsCheck || !customer });
  const stage: AgeCheckStage =
    !sendsCheck || !customer ? checkStage : email.unverified ? 'verifyEmail' : email.checking ? 'checkingEmail' : checkStage;

  const update = (cache: ApolloCache, verification: AgeVerificationFieldsFragment | undefined) => {
    if (!verification) return;
    if (customer) remember(cache, customer.id, verification);
    else if (guestEmail) setGuestCheck({ email: guestEmail, verification });
  };
  const [verifyAge] = useMutation(VerifyAgeMutation, { update: (cache, { data }) => update(cache, data?.verifyAge) });
  const [submitAgeDocument] = useMutation(SubmitAgeDocumentMutation, {
    update: (cache, { data }) => update(cache, data?.submitAgeDocument),
  });

  const answered = (verification: AgeVerificationFieldsFragment | undefined) => {
    notice();
    if (verification?.status === 'PASSED') setRequired(null);
  };
  /** A refusal of the check itself: a failure still holding checkout, or the server's message. */
  const refused = (failure: unknown) => {
    notice();
    if (errorCode(failure) === 'AGE_CHECK_FAILED') setLockedByServer(true);
    else setRefusal(errorMessage(failure));
    // The address this page thought verified is not (any more): the step asks for it once the server says so.
    if (errorMessage(failure) === AGE_CHECK_EMAIL_UNVERIFIED) void email.refresh().catch(() => undefined);
  };

  const declared = provider === 'declared';
  const form = useFormik<AgeCheckValues>({
    initialValues: { fullName: customer?.name ?? '', dateOfBirth: '', declaration: false },
    validate: (values) => ({
      ...validateAgeCheck(values),
      ...(declared && !values.declaration ? { declaration: AGE_DECLARATION_REQUIRED } : {}),
    }),
    onSubmit: async (values) => {
      setRefusal(null);
      const { fullName, dateOfBirth } = ageCheckInput.parse(values);
      try {
        const input = { fullName, dateOfBirth, ...(declared && { declaration: true }) };
        const { data } = await verifyAge({ variables: { input, ...(customer ? {} : { guestEmail }) } });
        answered(data?.verifyAge);
      } catch (failure) {
        refused(failure);
      }
    },
  });
  const confirm = useSubmitOnce(() => form.submitForm());

  const [document, setDocument] = useState<string>(TEST_AGE_DOCUMENTS.adult);
  const sendDocument = useSubmitOnce(async () => {
    setRefusal(null);
    try {
      const { data } = await submitAgeDocument({ variables: { input: { document }, ...(customer ? {} : { guestEmail }) } });
      answered(data?.submitAgeDocument);
    } catch (failure) {
      refused(failure);
    }
  });

  if (stage !== 'hidden' && stage !== 'confirmed' && !opened) setOpened(true);

  return {
    stage,
    provider,
    attention,
    /** A guest's pass, which their order names (it counts for that order only). */
    guestCheckId: !customer && passed ? latest!.id : null,
    /** Place order may be sent: no restricted line, or a current pass the server has not refused. */
    ready: needed !== null && (!shown || (passed && !required && !locked)),
    /** placeOrder's AGE_CHECK_REQUIRED message, shown above the form. */
    required,
    /** Why the last check was refused (its input), if it was. */
    refusal,
    form,
    confirm,
    document,
    chooseDocument: setDocument,
    sendDocument,
    /** The customer's e-mail verification, which the check waits for. */
    email,
    /** The server has seen the address verified: the form replaces the prompt, and the customer's focus follows. */
    emailVerified() {
      setRefusal(null);
      notice();
    },
    /** Takes placeOrder's failure: true when it was about the age check, which the step now shows (the page need not say it again). */
    orderRefused(failure: unknown): boolean {
      const code = errorCode(failure);
      if (code === 'AGE_CHECK_REQUIRED' || code === 'AGE_CHECK_FAILED') notice();
      if (code === 'AGE_CHECK_REQUIRED') {
        setRequired(errorMessage(failure));
        return true;
      }
      if (code === 'AGE_CHECK_FAILED') {
        setLockedByServer(true);
        return true;
      }
      return false;
    },
  };
}
