import { QueryFailedError } from 'typeorm';
import { conflict } from '../../common/errors';

/**
 * Names the catalogue makes from other names and keeps unique whatever the case: a variant's SKU
 * ("ENGRAVED-SANTOKU-18-CM") and a product's slug ("engraved-santoku").
 */

/** The letters and digits of `text`, accents dropped, in words joined by dashes: "Crème Santoku 7\"" -> "Creme-Santoku-7". */
export function dashedWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The suffixes a taken name tries, in order: -2 to -9. */
const SUFFIXES = Array.from({ length: 8 }, (_, n) => `-${n + 2}`);

/**
 * Names from `wanted` (one each, cut to `maxStem` characters) that are not taken yet, whatever the
 * case: a taken one gets -2, -3... and past -9 a random number. `taken` answers which of the
 * candidates it is given (in lowercase) are in use: one statement for them all.
 */
export async function freeNames(
  wanted: readonly string[],
  maxStem: number,
  taken: (lowercaseCandidates: string[]) => Promise<readonly string[]>,
): Promise<string[]> {
  const stems = wanted.map((name) => name.slice(0, maxStem).replace(/-+$/, ''));
  const candidatesOf = (stem: string) => [stem, ...SUFFIXES.map((suffix) => stem + suffix)];
  const used = new Set((await taken(stems.flatMap(candidatesOf).map((name) => name.toLowerCase()))).map((name) => name.toLowerCase()));
  return stems.map((stem) => {
    const free = candidatesOf(stem).find((name) => !used.has(name.toLowerCase())) ?? `${stem}-${Math.floor(1000 + Math.random() * 9000)}`;
    used.add(free.toLowerCase());
    return free;
  });
}

/** Whether `error` is a unique index of `constraints` refusing a row: another writer took the name first. */
export function isNameTaken(error: unknown, constraints: readonly string[]): boolean {
  const driverError = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
  return driverError?.code === '23505' && constraints.includes(driverError.constraint ?? '');
}

/**
 * Runs a transaction that makes names (freeNames) again when a concurrent writer committed one of
 * them first, as one of the unique `constraints` says: the next try reads it and takes the next free
 * one. `what` names them in the conflict that ends the tries ("SKUs").
 */
export async function withFreshNames<T>(
  transaction: () => Promise<T>,
  constraints: readonly string[],
  what: string,
  attempts = 5,
): Promise<T> {
  try {
    return await transaction();
  } catch (error) {
    if (!isNameTaken(error, constraints)) throw error;
    if (attempts <= 1) throw conflict(`Other products were just given the same ${what}; please try again`);
    return withFreshNames(transaction, constraints, what, attempts - 1);
  }
}
