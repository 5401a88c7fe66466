import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Auth } from 'firebase/auth';
import type { RuntimeConfig } from './config';
import { hasStoredSession, loadSession, onSessionStart } from './session';

export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export interface AuthState {
  /** The signed-in Firebase user, or null. */
  user: AuthUser | null;
  /** True until Firebase has told us whether someone is signed in. */
  initializing: boolean;
  auth: Auth | null;
  config: RuntimeConfig | null;
  /** Set when the runtime config or the Firebase SDK could not be loaded. */
  error: string | null;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthState>({
  user: null,
  initializing: false,
  auth: null,
  config: null,
  error: null,
  signOut: async () => {},
});

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

/**
 * Follows Firebase's session and calls `onUserChange` when the signed-in person changes (not for
 * the first answer). The SDK loads after the first render, and only for a session kept in this
 * browser or when a sign-in page asks for it (lib/session.ts): anyone else is signed out at once.
 */
export function AuthProvider({ onUserChange, children }: { onUserChange: (uid: string | null) => void; children: ReactNode }) {
  const [state, setState] = useState<Omit<AuthState, 'signOut'>>({ user: null, initializing: true, auth: null, config: null, error: null });
  const signOutRef = useRef<() => Promise<void>>(async () => {});
  const lastUid = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    let unsubscribe = () => {};
    let live = true;
    const follow = () =>
      loadSession().then(
        ({ auth, config, sdk }) => {
          if (!live) return;
          signOutRef.current = () => sdk.signOut(auth);
          setState((old) => ({ ...old, auth, config }));
          unsubscribe = sdk.onAuthStateChanged(auth, (firebaseUser) => {
            const uid = firebaseUser?.uid ?? null;
            const previous = lastUid.current;
            lastUid.current = uid;
            setState({
              user: firebaseUser ? { uid: firebaseUser.uid, email: firebaseUser.email, displayName: firebaseUser.displayName } : null,
              initializing: false,
              auth,
              config,
              error: null,
            });
            if (previous !== undefined && previous !== uid) onUserChange(uid);
          });
        },
        (error: unknown) => {
          if (live) setState((old) => ({ ...old, initializing: false, error: error instanceof Error ? error.message : String(error) }));
        },
      );
    let started = false;
    const stopWaiting = onSessionStart(() => {
      started = true;
      void follow();
    });
    // Without a kept session nobody is signed in: no need for the SDK until a sign-in page, or
    // until this tab is shown again after another one signed in.
    const check = (recheck: boolean) =>
      void hasStoredSession(recheck).then((stored) => {
        if (!live) return;
        if (stored) void loadSession().catch(() => undefined);
        else if (lastUid.current === undefined) {
          lastUid.current = null;
          setState((old) => ({ ...old, initializing: false }));
        }
      });
    const shown = () => {
      if (document.visibilityState === 'visible' && !started) check(true);
    };
    check(false);
    document.addEventListener('visibilitychange', shown);
    return () => {
      live = false;
      stopWaiting();
      unsubscribe();
      document.removeEventListener('visibilitychange', shown);
    };
  }, [onUserChange]);

  const value = useMemo<AuthState>(
    () => ({
      ...state,
      signOut: async () => {
        localStorage.removeItem('accessToken');
        await signOutRef.current();
      },
    }),
    [state],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
