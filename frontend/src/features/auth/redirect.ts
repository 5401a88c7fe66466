import type { Location } from 'react-router-dom';

/** Where to go after sign-in or sign-up: the page the guard sent us from, or home. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
