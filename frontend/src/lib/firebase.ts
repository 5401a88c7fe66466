// Loaded with a dynamic import only (see session.ts), so the Firebase SDK is not part of the
// JavaScript that the first page needs before it can render.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { RuntimeConfig } from './config';

/**
 * Firebase Auth from the runtime config. `initializeAuth` without a popup resolver keeps the
 * bundle small; the login page passes `browserPopupRedirectResolver` to signInWithPopup.
 */
let auth: Auth | null = null;

export function initFirebaseAuth(config: RuntimeConfig): Auth {
  if (auth) return auth;
  const app = initializeApp(config.firebase);
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/** The Auth instance once the session has loaded (pages behind the guards can rely on it). */
export function getFirebaseAuth(): Auth | null {
  return auth;
}

export { onAuthStateChanged, sendEmailVerification, signOut };
