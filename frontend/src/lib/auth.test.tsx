import { afterEach, expect, test, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AuthProvider, useAuth } from './auth';
import { hasStoredSession } from './session';

function Probe() {
  const { user, initializing, auth } = useAuth();
  return <output>{initializing ? 'initializing' : `${user ? 'signed in' : 'signed out'}, ${auth ? 'firebase' : 'no firebase'}`}</output>;
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

test('with no session kept in this browser the visitor is signed out at once, without loading Firebase or its config', async () => {
  const fetch = vi.spyOn(globalThis, 'fetch');
  const onUserChange = vi.fn();
  render(
    <AuthProvider onUserChange={onUserChange}>
      <Probe />
    </AuthProvider>,
  );
  expect(await screen.findByText('signed out, no firebase')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetch).not.toHaveBeenCalled();
  expect(onUserChange).not.toHaveBeenCalled();
});

test('a user Firebase kept in localStorage counts as a session to restore; a rechecked storage sees it go', async () => {
  expect(await hasStoredSession(true)).toBe(false);
  localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{"uid":"u1"}');
  expect(await hasStoredSession()).toBe(false);
  expect(await hasStoredSession(true)).toBe(true);
  localStorage.removeItem('firebase:authUser:demo-api-key:[DEFAULT]');
  localStorage.setItem('firebase:persistence:demo-api-key:[DEFAULT]', 'LOCAL');
  expect(await hasStoredSession(true)).toBe(false);
});
