import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENTS as RULES_WEBHOOK_EVENTS } from '@keen/rules';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { badInput, notFound } from '../../common/errors';
import { isId } from '../../common/validate';
import type { DomainEvent, DomainEventName } from '../../events/catalogue';
import type { JobQueue } from '../../jobs/job-queue';
import { type Caller, requireAdminPerson } from '../auth/caller';
import { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from './webhook.entity';
import type { CreateWebhookEndpointInput, CreatedWebhookEndpoint, UpdateWebhookEndpointInput } from './webhook.inputs';
import { assertPublicTarget, parseTarget, postSigned, signature, type TargetRules } from './webhook-target';

/** The domain events an endpoint may receive (shared with the dashboard's form). */
export const WEBHOOK_EVENTS: readonly DomainEventName[] = RULES_WEBHOOK_EVENTS;

export const WEBHOOK_DELIVERY_QUEUE = 'webhooks.deliver';
/** How long a receiver has to answer a delivery before the attempt is abandoned and counted as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Retries keep coming for at least this long (pg-boss doubles each delay, with jitter). */
const RETRY_WINDOW_SECONDS = 24 * 60 * 60;

export interface WebhookSettings extends TargetRules {
  retryDelaySeconds: number;
  /** A delivery's time-out; WEBHOOK_TIMEOUT_MS (10 s) unless a test sets a shorter one. */
  timeoutMs?: number;
}

/** Retries after the first attempt so that even the shortest backoff (delay x (2^n - 1)) spans the window. */
export function retriesFor(retryDelaySeconds: number): number {
  return Math.ceil(Math.log2(RETRY_WINDOW_SECONDS / retryDelaySeconds + 1));
}

/**
 * Webhook endpoints and their deliveries. A committed event becomes one delivery row and one job
 * per subscribed endpoint (`enqueue`, an outbox subscriber); the job POSTs the signed body and
 * records the attempt, and pg-boss retries it with exponential backoff until a 2xx or 24 hours.
 */
export class WebhooksService {
  readonly retries: number;
  readonly timeoutMs: number;

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
    requireAdminPerson(caller);
    const url = await this.checkedUrl(input.url);
    const events = checkedEvents(input.events);
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const repository = this.db.getRepository(WebhookEndpoint);
    const endpoint = await repository.save(repository.create({ url, events, secret, enabled: true }));
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
    await this.db.getRepository(WebhookEndpoint).update({ id: endpoint.id }, changes);
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

  /** Sends a delivery again (delivered or failed), with a fresh set of retries. */
  async resend(caller: Caller, id: string): Promise<WebhookDelivery> {
    requireAdminPerson(caller);
    const delivery = isId(id) ? await this.db.getRepository(WebhookDelivery).findOneBy({ id }) : null;
    if (!delivery) throw notFound('Webhook delivery');
    await this.db
      .getRepository(WebhookDelivery)
      .update({ id }, { status: WebhookDeliveryStatus.pending, attemptLimit: delivery.attempts + this.retries + 1, nextRetryAt: null });
    await this.jobs.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId: id }, { key: `${id}:${delivery.attempts}` });
    return this.db.getRepository(WebhookDelivery).findOneByOrFail({ id });
  }

  /** Outbox subscriber: one delivery (and job) per enabled endpoint that chose the event; a second call adds none. */
  async enqueue(event: DomainEvent): Promise<void> {
    const body = JSON.stringify({ id: event.id, type: event.name, createdAt: event.createdAt.toISOString(), data: event.payload });
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO "webhook_delivery" ("endpointId", "eventId", "event", "body", "attemptLimit")
       SELECT "id", $1::uuid, $2::varchar, $3::text, $4::integer FROM "webhook_endpoint" WHERE "enabled" AND $2::text = ANY("events")
       ON CONFLICT ("endpointId", "eventId") DO UPDATE SET "eventId" = EXCLUDED."eventId"
       RETURNING "id"`,
      [event.id, event.name, body, this.retries + 1],
    );
    for (const { id } of rows) await this.jobs.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId: id }, { key: id });
  }

  /** The job: one attempt. Throws on failure so the queue retries it, until the last attempt marks it failed. */
  async attempt(deliveryId: string): Promise<void> {
    const delivery = await this.db.getRepository(WebhookDelivery).findOne({ where: { id: deliveryId }, relations: { endpoint: true } });
    if (!delivery?.endpoint || delivery.status !== WebhookDeliveryStatus.pending) return;
    const { endpoint } = delivery;
    const started = Date.now();
    let result: { statusCode: number | null; error: string | null };
    try {
      const url = parseTarget(endpoint.url, this.settings);
      await assertPublicTarget(url, this.settings);
      const headers = {
        'keen-signature': signature(endpoint.secret, delivery.body, Math.floor(Date.now() / 1000)),
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
    await this.db.getRepository(WebhookDelivery).update(
      { id: delivery.id },
      {
        attempts,
        statusCode: result.statusCode,
        durationMs: Date.now() - started,
        error: ok ? null : (result.error ?? `Answered ${result.statusCode}`).slice(0, 500),
        status: ok ? WebhookDeliveryStatus.delivered : final ? WebhookDeliveryStatus.failed : WebhookDeliveryStatus.pending,
        deliveredAt: ok ? new Date() : null,
        nextRetryAt: ok || final ? null : new Date(Date.now() + retryIn * 1000),
      },
    );
    if (ok) return;
    if (final) this.logger.warn({ delivery: delivery.id, event: delivery.event }, 'webhook delivery failed for good');
    throw new Error(`Webhook ${delivery.event} to endpoint ${endpoint.id}: ${result.error ?? `answered ${result.statusCode}`}`);
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
