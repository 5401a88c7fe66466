import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { WEBHOOK_EVENTS as RULES_WEBHOOK_EVENTS } from '@keen/rules';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { onceReachable } from '../../common/database-unreachable';
import { badInput, notFound } from '../../common/errors';
import { isId } from '../../common/validate';
import type { DomainEvent, DomainEventName } from '../../events/domain-events';
import type { JobQueue } from '../../jobs/job-queue';
import { type Caller, requireAdminPerson } from '../auth';
import { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from './webhook.entity';
import type { CreateWebhookEndpointInput, CreatedWebhookEndpoint, UpdateWebhookEndpointInput } from './webhook.inputs';
import { assertPublicTarget, parseTarget, postSigned, signature, standardWebhookHeaders, type TargetRules } from './webhook-target';

/** The domain events an endpoint may receive (shared with the dashboard's form). */
export const WEBHOOK_EVENTS: readonly DomainEventName[] = RULES_WEBHOOK_EVENTS;

export const WEBHOOK_DELIVERY_QUEUE = 'webhooks.deliver';
/** How long a receiver has to answer a delivery before the attempt is abandoned and counted as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Retries keep coming for at least this long (pg-boss doubles each delay, with jitter). */
const RETRY_WINDOW_SECONDS = 24 * 60 * 60;

/** The event `sendTestWebhook` posts: no data but the endpoint's id. */
export const PING_EVENT = 'ping';
/**
 * How long a process keeps trying to record a delivery its receiver accepted while the database is
 * away: far past the job's expiry (60 s) and first retry delay, after which the queue would run it again.
 */
const RECORD_AFTER_DELIVERY_MS = 15 * 60_000;
/** How long the job itself waits for that record before it ends and leaves it to go on in the background. */
const JOB_WAITS_FOR_RECORD_MS = 30_000;
/** Why a delivery ended unsent, in its log. */
export const ENDPOINT_DISABLED = 'Endpoint disabled';

/** A delivery job. `endpointId` is its lane (one delivery per endpoint at a time in a process); jobs queued before it was added lack it. */
export interface WebhookJob {
  deliveryId: string;
  endpointId?: string;
}

export interface WebhookSettings extends TargetRules {
  retryDelaySeconds: number;
  /** Failed attempts in a row after which an endpoint is paused as failing. */
  pauseAfterFailures: number;
  /** A delivery's time-out; WEBHOOK_TIMEOUT_MS (10 s) unless a test sets a shorter one. */
  timeoutMs?: number;
  /** How long a job waits for the record of a delivery its receiver accepted; JOB_WAITS_FOR_RECORD_MS (30 s) unless a test sets a shorter one. */
  recordWaitMs?: number;
}

/** Retries after the first attempt so that even the shortest backoff (delay x (2^n - 1)) spans the window. */
export function retriesFor(retryDelaySeconds: number): number {
  return Math.ceil(Math.log2(RETRY_WINDOW_SECONDS / retryDelaySeconds + 1));
}

/**
 * Webhook endpoints and their deliveries. A committed event becomes one delivery row and one job
 * per subscribed endpoint (`enqueue`, an outbox subscriber); the job POSTs the signed body and
 * records the attempt, and pg-boss retries it with exponential backoff until a 2xx or 24 hours.
 * A disabled endpoint receives nothing: disabling it ends its pending deliveries ("Endpoint
 * disabled"), as does an attempt that finds it disabled. An endpoint whose attempts fail
 * `pauseAfterFailures` times in a row is paused as failing: it gets no new deliveries and its
 * pending ones end, until an admin resumes it or a test event gets a 2xx.
 */
export class WebhooksService {
  readonly retries: number;
  readonly timeoutMs: number;
  /**
   * Deliveries this process's receivers accepted (2xx) that the database has not taken yet (a
   * restart): a retry of one that runs here meanwhile waits for the record instead of sending again.
   */
  private readonly accepted = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly settings: WebhookSettings,
    private readonly logger: Logger,
  ) {
    this.retries = retriesFor(settings.retryDelaySeconds);
    this.timeoutMs = settings.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  async create(caller: Caller, input: CreateWebhookEndpointInput): Promise<CreatedWebhookEndpoint> {
    const author = requireAdminPerson(caller);
    const url = await this.checkedUrl(input.url);
    const events = checkedEvents(input.events);
    // Standard base64, as Standard Webhooks libraries read a secret.
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const repository = this.db.getRepository(WebhookEndpoint);
    const endpoint = await repository.save(
      repository.create({ url, events, secret, enabled: true, createdById: author.id, createdBy: author.email }),
    );
    return { secret, endpoint };
  }

  list(caller: Caller): Promise<WebhookEndpoint[]> {
    requireAdminPerson(caller);
    return this.db.getRepository(WebhookEndpoint).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  async update(caller: Caller, id: string, input: UpdateWebhookEndpointInput): Promise<WebhookEndpoint> {
    requireAdminPerson(caller);
    const endpoint = await this.endpoint(id);
    const changes: Partial<WebhookEndpoint> = {};
    if (input.url !== undefined && input.url !== null) changes.url = await this.checkedUrl(input.url);
    if (input.events !== undefined && input.events !== null) changes.events = checkedEvents(input.events);
    if (input.enabled !== undefined && input.enabled !== null) changes.enabled = input.enabled;
    await this.db.transaction(async (manager) => {
      await manager.getRepository(WebhookEndpoint).update({ id: endpoint.id }, changes);
      if (changes.enabled === false) await this.endPending(manager, endpoint.id, ENDPOINT_DISABLED);
    });
    return this.endpoint(id);
  }

  async delete(caller: Caller, id: string): Promise<string> {
    requireAdminPerson(caller);
    const endpoint = await this.endpoint(id);
    await this.db.getRepository(WebhookEndpoint).delete({ id: endpoint.id });
    return endpoint.id;
  }

  async deliveries(caller: Caller, endpointId: string): Promise<WebhookDelivery[]> {
    requireAdminPerson(caller);
    const endpoint = await this.endpoint(endpointId);
    return this.db.getRepository(WebhookDelivery).find({ where: { endpointId: endpoint.id }, order: { createdAt: 'DESC' }, take: 100 });
  }

  /** Sends a delivery again (delivered, failed or ended), with a fresh set of retries; not to a disabled or failing endpoint. */
  async resend(caller: Caller, id: string): Promise<WebhookDelivery> {
    requireAdminPerson(caller);
    const delivery = isId(id)
      ? await this.db.getRepository(WebhookDelivery).findOne({ where: { id }, relations: { endpoint: true } })
      : null;
    if (!delivery?.endpoint) throw notFound('Webhook delivery');
    if (!delivery.endpoint.enabled) throw badInput('This endpoint is disabled; enable it before resending');
    if (delivery.endpoint.failingSince) throw badInput('This endpoint is paused as failing; resume it before resending');
    await this.db
      .getRepository(WebhookDelivery)
      .update({ id }, { status: WebhookDeliveryStatus.pending, attemptLimit: delivery.attempts + this.retries + 1, nextRetryAt: null });
    const job: WebhookJob = { deliveryId: id, endpointId: delivery.endpointId };
    await this.jobs.send(WEBHOOK_DELIVERY_QUEUE, job, { key: `${id}:${delivery.attempts}` });
    return this.db.getRepository(WebhookDelivery).findOneByOrFail({ id });
  }

  /** Ends an endpoint's pause as failing: it receives new events again (deliveries ended by the pause stay ended; Resend sends one). */
  async resume(caller: Caller, id: string): Promise<WebhookEndpoint> {
    requireAdminPerson(caller);
    const endpoint = await this.endpoint(id);
    await this.db.getRepository(WebhookEndpoint).update({ id: endpoint.id }, { failingSince: null, consecutiveFailures: 0 });
    return this.endpoint(id);
  }

  /**
   * Posts a signed `ping` event to the endpoint now, once, and answers its delivery (in the log
   * like any other). A 2xx resumes an endpoint paused as failing.
   */
  async sendTest(caller: Caller, endpointId: string): Promise<WebhookDelivery> {
    requireAdminPerson(caller);
    const endpoint = await this.endpoint(endpointId);
    if (!endpoint.enabled) throw badInput('This endpoint is disabled; enable it before sending a test');
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, type: PING_EVENT, createdAt: new Date().toISOString(), data: { endpointId: endpoint.id } });
    const repository = this.db.getRepository(WebhookDelivery);
    const delivery = await repository.save(
      repository.create({ endpointId: endpoint.id, eventId, event: PING_EVENT, body, attemptLimit: 1 }),
    );
    await this.post(delivery, endpoint);
    return repository.findOneByOrFail({ id: delivery.id });
  }

  /** Outbox subscriber: one delivery (and job) per enabled, unpaused endpoint that chose the event; a second call adds none. */
  async enqueue(event: DomainEvent): Promise<void> {
    const body = JSON.stringify({ id: event.id, type: event.name, createdAt: event.createdAt.toISOString(), data: event.payload });
    const rows: { id: string; endpointId: string }[] = await this.db.query(
      `INSERT INTO "webhook_delivery" ("endpointId", "eventId", "event", "body", "attemptLimit")
       SELECT "id", $1::uuid, $2::varchar, $3::text, $4::integer FROM "webhook_endpoint"
       WHERE "enabled" AND "failingSince" IS NULL AND $2::text = ANY("events")
       ON CONFLICT ("endpointId", "eventId") DO UPDATE SET "eventId" = EXCLUDED."eventId"
       RETURNING "id", "endpointId"`,
      [event.id, event.name, body, this.retries + 1],
    );
    for (const { id, endpointId } of rows) {
      const job: WebhookJob = { deliveryId: id, endpointId };
      await this.jobs.send(WEBHOOK_DELIVERY_QUEUE, job, { key: id });
    }
  }

  /**
   * The job: one attempt. Throws on failure so the queue retries it, until the last attempt marks
   * it failed. An endpoint disabled or paused in the meantime gets nothing: the delivery ends.
   */
  async attempt(deliveryId: string): Promise<void> {
    const recording = this.accepted.get(deliveryId);
    if (recording) return void (await recording);
    const delivery = await this.db.getRepository(WebhookDelivery).findOne({ where: { id: deliveryId }, relations: { endpoint: true } });
    if (!delivery?.endpoint || delivery.status !== WebhookDeliveryStatus.pending) return;
    const { endpoint } = delivery;
    const stopped = !endpoint.enabled ? ENDPOINT_DISABLED : endpoint.failingSince ? this.pausedReason() : null;
    if (stopped) {
      await this.db
        .getRepository(WebhookDelivery)
        .update(
          { id: delivery.id, status: WebhookDeliveryStatus.pending },
          { status: WebhookDeliveryStatus.cancelled, error: stopped, nextRetryAt: null },
        );
      return;
    }
    const { failed, error } = await this.post(delivery, endpoint);
    if (failed) throw new Error(`Webhook ${delivery.event} to endpoint ${endpoint.id}: ${error}`);
  }

  /**
   * POSTs the delivery and records the attempt on it and on its endpoint's run of failures.
   * `failed`: the attempt failed and the delivery is still in play (retried, or failed for good
   * after its last attempt); false once the delivery ended because the endpoint was disabled or paused.
   */
  private async post(delivery: WebhookDelivery, endpoint: WebhookEndpoint): Promise<{ failed: boolean; error: string | null }> {
    const started = Date.now();
    let result: { statusCode: number | null; error: string | null };
    try {
      const url = parseTarget(endpoint.url, this.settings);
      await assertPublicTarget(url, this.settings);
      const now = Math.floor(Date.now() / 1000);
      const headers = {
        ...standardWebhookHeaders(endpoint.secret, delivery.eventId, delivery.body, now),
        'keen-signature': signature(endpoint.secret, delivery.body, now),
        'keen-event-id': delivery.eventId,
      };
      result = await postSigned(url, delivery.body, headers, this.settings, this.timeoutMs);
    } catch (error) {
      result = { statusCode: null, error: (error as Error).message };
    }
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const attempts = delivery.attempts + 1;
    const final = !ok && attempts >= delivery.attemptLimit;
    const retryIn = this.settings.retryDelaySeconds * 2 ** (attempts - (delivery.attemptLimit - this.retries - 1));
    const error = ok ? null : (result.error ?? `Answered ${result.statusCode}`).slice(0, 500);
    const durationMs = Date.now() - started;
    // A failure does not overwrite a delivery that was ended (endpoint disabled) while it was on its way.
    const record = () =>
      this.db.getRepository(WebhookDelivery).update(ok ? { id: delivery.id } : { id: delivery.id, status: WebhookDeliveryStatus.pending }, {
        attempts,
        statusCode: result.statusCode,
        durationMs,
        error,
        status: ok ? WebhookDeliveryStatus.delivered : final ? WebhookDeliveryStatus.failed : WebhookDeliveryStatus.pending,
        deliveredAt: ok ? new Date() : null,
        nextRetryAt: ok || final ? null : new Date(Date.now() + retryIn * 1000),
      });
    if (ok) {
      await this.recordAccepted(delivery.id, async () => {
        await record();
        await this.recordOutcome(endpoint.id, true);
      });
      return { failed: false, error: null };
    }
    const recorded = await record();
    const paused = await this.recordOutcome(endpoint.id, false);
    if (final) this.logger.warn({ delivery: delivery.id, event: delivery.event }, 'webhook delivery failed for good');
    return { failed: !paused && recorded.affected === 1, error: result.error ?? `answered ${result.statusCode}` };
  }

  /**
   * Records a delivery its receiver accepted; while the database is away (a restart) it tries again
   * each second for RECORD_AFTER_DELIVERY_MS, the job waiting JOB_WAITS_FOR_RECORD_MS of that and
   * ending without an error: a failed job would be run again and deliver the event twice. Queue
   * retries of the job find the delivery recorded, or, in this process, wait for its record.
   */
  private async recordAccepted(deliveryId: string, record: () => Promise<void>): Promise<void> {
    const recording = onceReachable(record, RECORD_AFTER_DELIVERY_MS)
      .catch((error: unknown) =>
        this.logger.error({ err: error, delivery: deliveryId }, 'an accepted webhook delivery could not be recorded'),
      )
      .finally(() => this.accepted.delete(deliveryId));
    this.accepted.set(deliveryId, recording);
    await Promise.race([recording, sleep(this.settings.recordWaitMs ?? JOB_WAITS_FOR_RECORD_MS, undefined, { ref: false })]);
  }

  /**
   * Counts the endpoint's failed attempts in a row (a 2xx resets the count and ends a pause); at
   * the limit the endpoint is paused as failing and its pending deliveries end. Answers whether it
   * is paused.
   */
  private async recordOutcome(endpointId: string, ok: boolean): Promise<boolean> {
    if (ok) {
      await this.db.query(
        `UPDATE "webhook_endpoint" SET "consecutiveFailures" = 0, "failingSince" = NULL
         WHERE "id" = $1 AND ("consecutiveFailures" <> 0 OR "failingSince" IS NOT NULL)`,
        [endpointId],
      );
      return false;
    }
    const [rows]: [{ failingSince: Date | null }[], number] = await this.db.query(
      `UPDATE "webhook_endpoint" SET "consecutiveFailures" = "consecutiveFailures" + 1,
         "failingSince" = CASE WHEN "failingSince" IS NULL AND "consecutiveFailures" + 1 >= $2 THEN now() ELSE "failingSince" END
       WHERE "id" = $1 RETURNING "failingSince"`,
      [endpointId, this.settings.pauseAfterFailures],
    );
    if (!rows[0]?.failingSince) return false;
    const ended = await this.endPending(this.db.manager, endpointId, this.pausedReason());
    if (ended) this.logger.warn({ endpoint: endpointId, ended }, 'webhook endpoint paused as failing');
    return true;
  }

  /** Ends an endpoint's pending deliveries unsent, with the reason in their log; answers how many. */
  private async endPending(manager: EntityManager, endpointId: string, reason: string): Promise<number> {
    const { affected } = await manager
      .getRepository(WebhookDelivery)
      .update(
        { endpointId, status: WebhookDeliveryStatus.pending },
        { status: WebhookDeliveryStatus.cancelled, error: reason, nextRetryAt: null },
      );
    return affected ?? 0;
  }

  private pausedReason(): string {
    return `Endpoint paused as failing after ${this.settings.pauseAfterFailures} failed attempts in a row`;
  }

  private async endpoint(id: string): Promise<WebhookEndpoint> {
    const endpoint = isId(id) ? await this.db.getRepository(WebhookEndpoint).findOneBy({ id }) : null;
    if (!endpoint) throw notFound('Webhook endpoint');
    return endpoint;
  }

  private async checkedUrl(raw: unknown): Promise<string> {
    const url = parseTarget(raw, this.settings);
    if (url.href.length > 2000) throw badInput('The URL must be at most 2,000 characters');
    await assertPublicTarget(url, this.settings);
    return url.href;
  }
}

function checkedEvents(events: readonly string[] | null | undefined): string[] {
  const chosen = [...new Set(events ?? [])];
  if (chosen.length === 0) throw badInput('Choose at least one event');
  const unknown = chosen.find((name) => !(WEBHOOK_EVENTS as readonly string[]).includes(name));
  if (unknown !== undefined) throw badInput(`Unknown event "${unknown}"; the events are ${WEBHOOK_EVENTS.join(', ')}`);
  return chosen;
}
