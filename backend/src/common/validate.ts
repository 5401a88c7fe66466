import type { output, ZodType } from 'zod';
import { badInput } from './errors';
import { isEmailAddress, MAX_WHOLE_NUMBER, PHONE_PATTERN, phoneFormatMessage } from '@keen/rules';

/** Small checks shared by every service, so GraphQL and REST give the same messages. */

/**
 * An input parsed by its shared schema (`@keen/rules/schemas`, the one the forms validate with):
 * the first rule it breaks is a 400 in the schema's words. A null field counts as absent, as a
 * GraphQL input's unset nullable field and a REST body's null (http-kit/body.ts: field) both mean.
 */
export function parseInput<S extends ZodType>(schema: S, input: unknown): output<S> {
  const given =
    input && typeof input === 'object' && !Array.isArray(input)
      ? Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined))
      : input;
  const parsed = schema.safeParse(given);
  if (!parsed.success) throw badInput(parsed.error.issues[0].message);
  return parsed.data;
}

export function requireText(value: unknown, message: string, maxLength = 2000): string {
  if (typeof value !== 'string' || value.trim() === '') throw badInput(message);
  const text = value.trim();
  if (text.length > maxLength) throw badInput(`${message.replace(/ is Required$/, '')} must be at most ${maxLength} characters`);
  return text;
}

/** A whole number within bounds; `requiredMessage` when missing, `rangeMessage` when out of range. */
export function requireWholeNumber(
  value: unknown,
  requiredMessage: string,
  { min = Number.MIN_SAFE_INTEGER, max = MAX_WHOLE_NUMBER, rangeMessage }: { min?: number; max?: number; rangeMessage?: string } = {},
): number {
  if (value === undefined || value === null || value === '') throw badInput(requiredMessage);
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw badInput(`${requiredMessage.replace(/ is Required$/, '')} must be a whole number`);
  if (number < min || number > max) throw badInput(rangeMessage ?? `Must be between ${min} and ${max}`);
  return number;
}

/** An e-mail address by the forms' rule (`isEmailAddress`), trimmed and lower-cased as the profiles store it. */
export function normalizeEmail(value: unknown): string {
  if (typeof value !== 'string' || !isEmailAddress(value.trim())) throw badInput('A valid e-mail address is required');
  return value.trim().toLowerCase();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a row, so it is "not found" rather than a database error. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

/** A phone the shop can call: required, then PHONE_PATTERN (the forms check the same rule). */
export function requirePhone(value: unknown): string {
  const phone = requireText(value, 'Phone is Required', 40);
  if (!PHONE_PATTERN.test(phone)) throw badInput(phoneFormatMessage());
  return phone;
}
