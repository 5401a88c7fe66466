/** Idempotency keys: a retried write answers as the first. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { IdempotencyKey } from './idempotency-key.entity';
import { idempotencyWork } from './idempotency.work';

export const idempotencyModule = keenModule({
  name: 'idempotency',
  entities: [IdempotencyKey],
  work: idempotencyWork,
});

export { keyOfRequest } from './idempotency.service';
export type { IdempotencyService, RecordResult } from './idempotency.service';
