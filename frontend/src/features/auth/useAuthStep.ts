import { useState } from 'react';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One sign-in step at a time (password, Google, reset, sign-up): `busy` while it runs, and the
 * identity provider's refusal in `error`, as `describe` words it (SPEC: Google's reads "Error: ...").
 */
export function useAuthStep() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(step: () => Promise<void>, describe: (message: string) => string = (message) => message) {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (failure) {
      setError(describe(messageOf(failure)));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run };
}

export type AuthStep = ReturnType<typeof useAuthStep>;
