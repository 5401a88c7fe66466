import type { EntityManager } from 'typeorm';
import { AgeEvidence } from './age-evidence.entity';

/**
 * A person's age checks, for their data export: what each proved (an age bracket), never a date of
 * birth (the log never holds one). The evidence stays through an erasure, in its own log, until it
 * is pruned at the end of its retention (AGE_EVIDENCE_RETENTION_YEARS): the law asks the shop to
 * show that each bladed article went to someone whose age was checked.
 */
export async function ageChecksOf(manager: EntityManager, customerId: string) {
  const rows = await manager.getRepository(AgeEvidence).find({ where: { customerId }, order: { createdAt: 'ASC' } });
  return rows.map((row) => ({
    kind: row.kind,
    method: row.method,
    status: row.status,
    ageBracket: row.ageBracket,
    country: row.country,
    orderId: row.orderId,
    providerReference: row.providerReference,
    declaration: row.declaration,
    at: row.createdAt,
  }));
}

/** How many evidence rows of the person an erasure leaves in the log, and until when the newest is kept. */
export async function keptAgeEvidence(manager: EntityManager, customerId: string, retentionYears: number) {
  const [{ count, newest }]: { count: number; newest: Date | null }[] = await manager.query(
    `SELECT count(*)::int AS count, max("createdAt") AS newest FROM "age_evidence" WHERE "customerId" = $1`,
    [customerId],
  );
  if (!count) return null;
  const until = new Date(newest!);
  until.setUTCFullYear(until.getUTCFullYear() + retentionYears);
  return { count, until };
}
