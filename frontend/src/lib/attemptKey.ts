import { useMemo } from 'react';

/** The current attempt of one form: the input it sends (as JSON) and its idempotency key. */
interface Attempt {
  input: string;
  key: string;
}

function stored(name: string): Attempt | null {
  try {
    const parsed = JSON.parse(globalThis.sessionStorage?.getItem(name) ?? 'null') as Attempt | null;
    return parsed && typeof parsed.input === 'string' && typeof parsed.key === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

function store(name: string, attempt: Attempt | null): void {
  try {
    if (attempt) globalThis.sessionStorage?.setItem(name, JSON.stringify(attempt));
    else globalThis.sessionStorage?.removeItem(name);
  } catch {
    // Private modes may refuse storage: the key then lives as long as the page.
  }
}

/** A form's idempotency keys: `keyFor` the input it is about to send, `finish` once that succeeded. */
export interface AttemptKey {
  keyFor(input: unknown): string;
  finish(): void;
}

/**
 * One idempotency key per attempt of a form (issue 40): submitting the same input again (a double
 * click, a retry after a network error or a timeout, or after a reload mid-request, as the attempt
 * is kept in this tab's sessionStorage) sends the same key, so the server answers the first result
 * instead of doing the work twice; a changed input, or `finish()` once it succeeded, starts a new one.
 */
export function attemptKey(name: string): AttemptKey {
  const storageName = `keen.attempt.${name}`;
  let current: Attempt | null = null;
  return {
    keyFor(input) {
      const json = JSON.stringify(input);
      const attempt = current ?? stored(storageName);
      if (attempt?.input === json) return attempt.key;
      current = { input: json, key: crypto.randomUUID() };
      store(storageName, current);
      return current.key;
    },
    finish() {
      current = null;
      store(storageName, null);
    },
  };
}

/** `attemptKey` for a component: the same one across its renders. */
export function useAttemptKey(name: string): AttemptKey {
  return useMemo(() => attemptKey(name), [name]);
}
