// Thin wrappers over the Firebase Auth SDK, one place for the pages to call (and for tests to replace).
import {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  updateProfile,
  type Auth,
} from 'firebase/auth';

/** The Google account used offline against the Auth Emulator (Google's popup needs the internet). */
export const EMULATOR_GOOGLE_ACCOUNT = {
  sub: 'keen-google-tester',
  email: 'google.tester@keen.test',
  email_verified: true,
  name: 'Google Tester',
};

export async function loginWithPassword(auth: Auth, email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email, password);
}

export async function resetPassword(auth: Auth, email: string): Promise<void> {
  await sendPasswordResetEmail(auth, email);
}

export async function loginWithGoogle(auth: Auth, useEmulator: boolean): Promise<void> {
  if (useEmulator) {
    await signInWithCredential(auth, GoogleAuthProvider.credential(JSON.stringify(EMULATOR_GOOGLE_ACCOUNT)));
  } else {
    await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
  }
}

/** Creates the Firebase account, sets its display name and sends the verification e-mail. */
export async function createAccount(auth: Auth, name: string, email: string, password: string): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName: name });
  await sendEmailVerification(user);
  // The Auth Emulator stamps a new account's sign-in time before its "valid since" time; when a
  // second boundary falls between the two, the first ID token reads as revoked. A fresh sign-in is
  // stamped after. Real Firebase projects do not need this.
  if (auth.emulatorConfig) await signInWithEmailAndPassword(auth, email, password);
}
