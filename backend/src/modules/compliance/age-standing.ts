import { AgeCheckStatus, type AgeEvidence } from './age-evidence.entity';
import type { AgeVerdict } from './age-verifier';

/** The rules of age checks over time: what a check that fell short holds, and which checks contradict each other. */

/**
 * A check that falls short holds this long: a failed one every age-restricted checkout and every
 * pass before it; a pass below the highest age the shop sells at (18 to 20 where 21 is sold) the
 * ages above what it proved. Meanwhile no check is taken: a check cannot be re-rolled.
 */
export const FAILURE_LOCK_HOURS = 24;
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Where a customer stands, from their checks (newest first). A check that fell short holds, for
 * FAILURE_LOCK_HOURS, the ages from where it stops (a failure: every age; a pass of 18 to 20: 21
 * and above) and voids the passes for those ages made before it ends (a pass made meanwhile, by
 * two checks at once, never counts). `held` is whether any age is held; a pass counts for an age
 * within AGE_CHECK_VALID_DAYS while no shortfall holds that age after it.
 */
export function standingOf(checks: readonly AgeEvidence[], validDays: number, now = Date.now()) {
  const at = (check: AgeEvidence) => new Date(check.createdAt).getTime();
  const shortfalls = checks.flatMap((check) => {
    const from = check.status === AgeCheckStatus.FAILED ? 0 : check.status === AgeCheckStatus.PASSED ? check.ageBelow : null;
    return from === null ? [] : [{ from, until: at(check) + FAILURE_LOCK_HOURS * HOUR_MS }];
  });
  const lockEnds = (age: number) => Math.max(0, ...shortfalls.filter((shortfall) => shortfall.from <= age).map(({ until }) => until));
  return {
    held: lockEnds(Infinity) > now,
    locked: (age: number) => lockEnds(age) > now,
    /** The passes that count for `age`, newest first. */
    passes: (age: number) =>
      checks.filter(
        (check) =>
          check.status === AgeCheckStatus.PASSED &&
          check.ageAtLeast! >= age &&
          now - at(check) < validDays * DAY_MS &&
          at(check) > lockEnds(age),
      ),
  };
}

/**
 * The newest earlier check (of those that proved a bracket) the verdict cannot be true beside: the
 * birthdays since it (at least one in any 366 days, at most one more than the whole 365-day years)
 * cannot move its bracket into the verdict's. "Under 18" yesterday and "21+" today contradict;
 * "under 18" yesterday and "18+" today do not (a birthday).
 */
export function contradictedBy(verdict: Pick<AgeVerdict, 'ageAtLeast' | 'ageBelow'>, earlier: readonly AgeEvidence[], now: number) {
  return earlier.find((check) => {
    if (check.ageAtLeast === null && check.ageBelow === null) return false;
    const since = now - new Date(check.createdAt).getTime();
    const youngest = (check.ageAtLeast ?? 0) + Math.floor(since / (366 * DAY_MS));
    const oldestBelow = check.ageBelow === null ? Infinity : check.ageBelow + Math.floor(since / (365 * DAY_MS)) + 1;
    return (verdict.ageBelow ?? Infinity) <= youngest || (verdict.ageAtLeast ?? 0) >= oldestBelow;
  });
}
