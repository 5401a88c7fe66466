import type { DeclareWork } from '../../events/work';
import type { IdempotencyService } from './idempotency.service';

/** Prunes idempotency keys past their 24 hours. */
export const idempotencyWork: DeclareWork<{ idempotency: IdempotencyService }> = ({ idempotency }) => ({
  recurring: [{ name: 'idempotency.prune-keys', everySeconds: 60 * 60, run: async () => void (await idempotency.prune()) }],
});
