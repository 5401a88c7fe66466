import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Auth } from 'firebase/auth';
import type { RuntimeConfig } from './config';
import { loadSession } from './session';

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
 * Follows Firebase's session (the SDK loads after the first render) and calls `onUserChange` when
 * the signed-in person changes (not for the first answer).
 */
export function AuthProvider({ onUserChange, children }: { onUserChange: (uid: string | null) => void; children: ReactNode }) {
  const [state, setState] = useState<Omit<AuthState, 'signOut'>>({ user: null, initializing: true, auth: null, config: null, error: null });
  const signOutRef = useRef<() => Promise<void>>(async () => {});
  const lastUid = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    let unsubscribe = () => {};
    let live = true;
    loadSession().then(
      ({ auth, config, sdk }) => {
        if (!live) return;
        signOutRef.current = () => sdk.signOut(auth);
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
    return () => {
      live = false;
      unsubscribe();
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
