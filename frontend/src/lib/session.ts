import type { Auth } from 'firebase/auth';
import { loadRuntimeConfig, type RuntimeConfig } from './config';

let session: Promise<{ auth: Auth; config: RuntimeConfig; sdk: typeof import('./firebase') }> | null = null;

/** Runtime config, then the Firebase SDK (a lazy chunk), then Auth: once per page load. */
export function loadSession() {
  session ??= loadRuntimeConfig().then(async (config) => {
    const sdk = await import('./firebase');
    return { auth: sdk.initFirebaseAuth(config), config, sdk };
  });
  return session;
}

/** The signed-in user's fresh Firebase ID token, or null when signed out. */
export async function currentIdToken(): Promise<string | null> {
  const { auth } = await loadSession();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}
