/**
 * Rules that the server and the browser's forms both check, written once. The client imports this
 * file through the `@keen/form-rules` alias (frontend/tsconfig.json, vite.config.ts and
 * vitest.config.ts), so it imports nothing.
 */

/** A phone number: digits, spaces and dashes, optionally after a leading +, 5 to 20 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9\s-]{4,19}$/;

/** The message for a phone that breaks PHONE_PATTERN; `label` is what the form calls the field. */
export const phoneFormatMessage = (label = 'Phone') => `${label} must be a phone number (digits, spaces, dashes and a leading +)`;
