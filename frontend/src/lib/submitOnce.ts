import { useRef, useState, type FormEvent } from 'react';

/**
 * A form's submit handler that sends at most one submission at a time: a second click or Enter
 * while the first is still being sent does nothing. `sending` is for the button's `loading`.
 */
export function useSubmitOnce(send: () => Promise<unknown>): { sending: boolean; onSubmit: (event: FormEvent) => void } {
  // A ref, not the state: two submits within one render both see the state from before.
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    void send().finally(() => {
      inFlight.current = false;
      setSending(false);
    });
  };
  return { sending, onSubmit };
}
