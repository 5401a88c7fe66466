import type { Auth } from 'firebase/auth';
import { loadRuntimeConfig, type RuntimeConfig } from './config';

export interface Session {
  auth: Auth;
  config: RuntimeConfig;
  sdk: typeof import('./firebase');
}

let session: Promise<Session> | null = null;
let starting = new Set<() => void>();

/**
 * Runtime config, then the Firebase SDK (a lazy chunk), then Auth: once per page load, and only
 * when needed: for a session kept in this browser, or by a sign-in page.
 */
export function loadSession(): Promise<Session> {
  if (!session) {
    session = loadRuntimeConfig().then(async (config) => {
      const sdk = await import('./firebase');
      return { auth: sdk.initFirebaseAuth(config), config, sdk };
    });
    const listeners = starting;
    starting = new Set();
    for (const listener of listeners) listener();
  }
  return session;
}

/** Calls `listener` when the session starts loading (at once if it has); returns the unsubscribe. */
export function onSessionStart(listener: () => void): () => void {
  if (session) {
    listener();
    return () => {};
  }
  starting.add(listener);
  return () => starting.delete(listener);
}

/** `page` with the session loaded alongside (a sign-in page needs Firebase); shown even if it fails. */
export async function withSession<T>(page: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([page, loadSession().catch(() => undefined)]);
  return loaded;
}

// Where Firebase Auth keeps a signed-in user (see firebase.ts: IndexedDB, else localStorage).
const USER_KEY = 'firebase:authUser:';
const DB_NAME = 'firebaseLocalStorageDb';
const DB_STORE = 'firebaseLocalStorage';

async function readStoredSession(): Promise<boolean> {
  try {
    if (Object.keys(localStorage).some((key) => key.startsWith(USER_KEY))) return true;
  } catch {
    // Storage blocked: Firebase could not have kept a user there.
  }
  if (typeof indexedDB === 'undefined') return false;
  // Without a list of databases there is no telling without opening (and so creating) it: load Firebase.
  if (typeof indexedDB.databases !== 'function') return true;
  if (!(await indexedDB.databases()).some((db) => db.name === DB_NAME)) return false;
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME);
    // Deleted since it was listed: abort, so that this check creates nothing.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(DB_STORE)) {
        db.close();
        resolve(false);
        return;
      }
      const transaction = db.transaction(DB_STORE, 'readonly');
      const keys = transaction.objectStore(DB_STORE).getAllKeys();
      keys.onsuccess = () => resolve(keys.result.some((key) => String(key).startsWith(USER_KEY)));
      keys.onerror = () => resolve(true);
      transaction.oncomplete = transaction.onabort = () => db.close();
    };
  });
}

let stored: Promise<boolean> | null = null;

/**
 * Whether Firebase has kept a signed-in user in this browser, read from its storage without
 * loading the SDK; `recheck` reads again (another tab may have signed in meanwhile).
 */
export function hasStoredSession(recheck = false): Promise<boolean> {
  if (recheck || !stored) stored = readStoredSession().catch(() => true);
  return stored;
}

/** The signed-in user's fresh Firebase ID token, or null when signed out. */
export async function currentIdToken(): Promise<string | null> {
  if (!session && !(await hasStoredSession())) return null;
  const { auth } = await loadSession();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}
