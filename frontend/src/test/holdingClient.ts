import { expect } from 'vitest';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { Observable, of } from 'rxjs';
import { createCache } from '../lib/apollo';

/**
 * A client whose answers to `held` operations wait for `release()`, so that a test sees a form
 * while its request is on its way, and counts every request of theirs that was sent.
 */
export function holdingClient(held: string[], answer: (operationName: string) => Record<string, unknown>) {
  const sent: string[] = [];
  const waiting: (() => void)[] = [];
  const link = new ApolloLink((operation) => {
    const name = operation.operationName ?? '';
    if (!held.includes(name)) return of({ data: answer(name) });
    sent.push(name);
    return new Observable<ApolloLink.Result>((observer) => {
      waiting.push(() => {
        observer.next({ data: answer(name) });
        observer.complete();
      });
    });
  });
  return {
    client: new ApolloClient({ link, cache: createCache() }),
    sent,
    release: () => waiting.splice(0).forEach((answerNow) => answerNow()),
  };
}

/**
 * Submits `form` twice before React renders again, then clicks `button` and submits once more while
 * the first request is held: only that one is sent, and the button shows its progress meanwhile.
 */
export async function submitTwiceWhileHeld(form: HTMLElement, button: HTMLElement, sent: string[]) {
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(button).toBeDisabled();
  expect(within(button).getByRole('progressbar')).toBeInTheDocument();
  fireEvent.click(button);
  fireEvent.submit(form);
}
