import { readFileSync } from 'node:fs';
import { z } from 'zod';

// The kinds of setting settings.ts is made of. Each reads an environment variable as text (trimmed:
// empty is unset) and refuses a bad value with an issue whose message is the problem alone; load.ts
// names the setting (`Setting PORT: expected a whole number ...`).

/**
 * The `##` sections of docs/settings.md that list settings, in their order: each table stands between
 * `<!-- settings:begin <group> -->` and `<!-- settings:end -->` (`npm run docs:settings -w backend`).
 */
export const SETTING_GROUPS = [
  'process',
  'database',
  'orders',
  'sign-in',
  'payments',
  'blades',
  'images',
  'backups',
  'limits',
  'shop',
  'graphql',
  'mail',
  'tests',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** A setting's row in docs/settings.md (markdown), or the row of another setting it shares. */
export type SettingRow =
  | {
      group: SettingGroup;
      /** The default column: the value, or what happens without one. */
      default: string;
      /** The "what" column. */
      description: string;
    }
  | {
      /** Listed in this setting's row, after it (e.g. `STRIPE_PUBLISHABLE_KEY` with `STRIPE_SECRET_KEY`). */
      sameRowAs: string;
    };

export type SettingDoc = SettingRow & {
  /** Holds a secret (or a URL with credentials): may instead be read from the file `<NAME>_FILE` names. */
  secret?: boolean;
  /** Read by something other than loadConfig (npm start, the test suite): named here for the documentation. */
  readBy?: string;
};

/** What docs/settings.md and `.env.example` say of each setting. */
export const settingDocs = z.registry<SettingDoc>();

/** `schema`, documented: one entry of settings.ts is `NAME: setting(kind, { group, default, description })`. */
export function setting<T extends z.ZodType>(schema: T, doc: SettingDoc): T {
  settingDocs.add(schema, doc);
  return schema;
}

/** The environment variable's text, trimmed; null when unset or blank. A new schema each time: each is one setting's. */
const given = () =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || null);

/** Records `problem` as the setting's issue; the value is never used. */
function refuse(ctx: z.RefinementCtx, problem: string): never {
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
}

/** Any text. */
export const text = given;

/** Text of at least `length` characters; `problem` never quotes it (secrets). */
export const atLeast = (length: number, problem: string) =>
  given().transform((value, ctx) => (value !== null && value.length < length ? refuse(ctx, problem) : value));

/** A URL whose scheme `pattern` matches (the value is never quoted: it may hold credentials). */
export const url = (pattern: RegExp, problem: string) =>
  given().transform((value, ctx) => (value !== null && !pattern.test(value) ? refuse(ctx, problem) : value));

type Parsed<T, D> = z.ZodType<T | (D extends undefined ? null : never), string | undefined>;

/** A whole number from `min` to `max`; `fallback` (null without one) when unset. */
export function whole<D extends number | undefined = undefined>(min: number, max: number, fallback?: D): Parsed<number, D> {
  return given().transform((raw, ctx) => {
    if (raw === null) return fallback ?? null;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      return refuse(ctx, `expected a whole number from ${min} to ${max}, got "${raw}"`);
    return value;
  }) as Parsed<number, D>;
}

/** A positive number, fractions allowed (tests hold orders for seconds). */
export function decimal(min: number, max: number, fallback: number): Parsed<number, number> {
  return given().transform((raw, ctx) => {
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max)
      return refuse(ctx, `expected a number from ${min} to ${max}, got "${raw}"`);
    return value;
  });
}

/** true/yes/1 or false/no/0; `fallback` (null without one) when unset. */
export function flag<D extends boolean | undefined = undefined>(fallback?: D): Parsed<boolean, D> {
  return given().transform((raw, ctx) => {
    if (raw === null) return fallback ?? null;
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
    return refuse(ctx, `expected true or false, got "${raw}"`);
  }) as Parsed<boolean, D>;
}

/** `a, b or c`. */
const either = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/** One of `values`, taken in any case when `anyCase`; `fallback` (null without one) when unset. */
export function oneOf<V extends string, D extends V | undefined = undefined>(
  values: readonly V[],
  options: { anyCase: boolean; fallback?: D },
): Parsed<V, D> {
  return given().transform((raw, ctx) => {
    if (raw === null) return options.fallback ?? null;
    const value = options.anyCase ? raw.toLowerCase() : raw;
    if (!(values as readonly string[]).includes(value)) return refuse(ctx, `expected ${either(values)}, got "${value}"`);
    return value as V;
  }) as Parsed<V, D>;
}

/** Text made upper case that `valid` accepts (codes such as USD and GB, taken in any case). */
export const code = (fallback: string, valid: (code: string) => boolean, expected: string) =>
  given().transform((raw, ctx) => {
    const value = (raw ?? fallback).toUpperCase();
    return valid(value) ? value : refuse(ctx, `expected ${expected}, got "${value}"`);
  });

/**
 * Entries separated by commas (lower-cased when `lowerCase`), each of which `valid` accepts; null when
 * unset, so that a default may depend on other settings.
 */
export const list = (options: { lowerCase: boolean; valid?: (entry: string) => boolean; expected?: string }) =>
  given().transform((raw, ctx) => {
    if (raw === null) return null;
    const entries = raw
      .split(',')
      .map((entry) => (options.lowerCase ? entry.trim().toLowerCase() : entry.trim()))
      .filter(Boolean);
    const bad = options.valid && entries.find((entry) => !options.valid!(entry));
    return bad === undefined ? entries : refuse(ctx, `expected ${options.expected}, got "${bad}"`);
  });

/**
 * Service-account JSON, or a path to it. A refusal never quotes the JSON: JSON.parse's message
 * quotes the text it read, part of the private key.
 */
export const serviceAccountJson = () =>
  given().transform((raw, ctx): Record<string, string> | null => {
    if (raw === null) return null;
    const inline = raw.startsWith('{');
    let json: string;
    try {
      json = inline ? raw : readFileSync(raw, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      return refuse(ctx, `expected service-account JSON or a path to it (cannot read "${raw}": ${reason})`);
    }
    try {
      return JSON.parse(json);
    } catch {
      return refuse(ctx, `expected service-account JSON or a path to it (${inline ? 'the value' : `"${raw}"`} is not valid JSON)`);
    }
  });
