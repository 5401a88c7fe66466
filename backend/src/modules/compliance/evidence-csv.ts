import { z } from 'zod';
import type { DataSource } from 'typeorm';
import { csvRows } from '../../common/csv';
import { parseInput } from '../../common/validate';
import { AgeEvidence } from './age-evidence.entity';
import { DAY_MS } from './age-standing';

/** The date range of an export, each end a calendar day (UTC), both included. */
const evidenceRange = z
  .object({
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }),
  })
  .refine((range) => range.to >= range.from, { error: 'to must be on or after from', path: ['to'] });

/** The export's columns, in order: each a field of the row (`at` is when it was made). */
const EVIDENCE_COLUMNS = [
  'at',
  'kind',
  'orderId',
  'customerEmail',
  'fullName',
  'method',
  'status',
  'ageBracket',
  'providerReference',
  'declaration',
  'country',
  'minimumAge',
  'handover',
  'ageVerifiedDelivery',
  'note',
  'checkId',
  'id',
  'productId',
] as const satisfies readonly ('at' | keyof AgeEvidence)[];

/** Every row of the evidence log made within the days `from` to `to` (UTC, both included), oldest first, as CSV. */
export function evidenceCsv(db: DataSource, range: { from?: string; to?: string }): AsyncGenerator<string> {
  const { from, to } = parseInput(evidenceRange, range);
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS);
  return csvRows(
    [...EVIDENCE_COLUMNS],
    async ({ skip, take }) => ({
      items: await db
        .getRepository(AgeEvidence)
        .createQueryBuilder('e')
        .where('e."createdAt" >= :start AND e."createdAt" < :end', { start, end })
        .orderBy('e."createdAt"', 'ASC')
        .addOrderBy('e."id"', 'ASC')
        .skip(skip)
        .take(take)
        .getMany(),
    }),
    (row) => [EVIDENCE_COLUMNS.map((column) => (column === 'at' ? row.createdAt : row[column]))],
  );
}
