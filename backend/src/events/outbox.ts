import type { Logger } from 'pino';
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { Config } from '../config';
import type { JobQueue, QueueDeclaration, RecurringJob } from '../jobs/job-queue';
import type { DomainEvent, DomainEventName, DomainEventPayloads } from './domain-events';

/** Something that acts on committed events: the read cache, e-mails, webhooks. */
export interface Subscriber {
  /** Stable: an event records the subscribers it reached by this name. */
  name: string;
  events: readonly DomainEventName[] | 'all';
  /**
   * Events of one aggregate reach it in the order they were raised. A subscriber whose work does
   * not depend on order (the read cache forgets everything) says false and is never held back.
   */
  inOrder: boolean;
  /**
   * Runs inside the commit, before the write's answer is sent (the read cache, so that the next
   * read sees the write). An inline subscriber must not wait for a database connection: the
   * committing one is still held. The others run right after, once it is back in the pool.
   */
  inline?: boolean;
  handle(event: DomainEvent): Promise<void>;
}

export type OutboxSettings = Config['events'];

/** An earlier event of the same aggregate, not yet delivered to every subscriber. */
interface UndeliveredEvent {
  name: DomainEventName;
  deliveredTo: string[];
}

interface RaisedEvent {
  event: DomainEvent;
  /** What of its aggregate was still undelivered when it was raised: subscribers missing one wait for it. */
  earlier: UndeliveredEvent[];
}

/** A retried delivery: one event to one subscriber. */
interface DeliveryJob {
  eventId: string;
  subscriber: string;
}

interface OutboxRow {
  id: string;
  name: DomainEventName;
  aggregateId: string;
  payload: DomainEventPayloads[DomainEventName];
  createdAt: Date;
  seq: string;
  deliveredTo: string[];
}

/** A connection or the pool: where a statement runs. */
interface Queryable {
  query(sql: string, parameters: unknown[]): Promise<unknown>;
}

/** Where the events raised in a transaction wait for its commit. */
const RAISED = 'keen.raisedEvents';
const DELIVER_QUEUE = 'outbox.deliver';
/** The first retry's delay; each later one waits about twice as long (about an hour in all). */
const RETRY_DELAY_SECONDS = 2;

function raisedIn(runner: QueryRunner): RaisedEvent[] {
  return ((runner.data as Record<string, RaisedEvent[] | undefined>)[RAISED] ??= []);
}

/**
 * Records a domain event in the transaction that makes the change: the event exists if and only if
 * the change commits. It is delivered once that transaction commits.
 */
export async function raise<N extends DomainEventName>(
  manager: EntityManager,
  name: N,
  aggregateId: string,
  payload: DomainEventPayloads[N],
): Promise<void> {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) throw new Error(`${name} must be raised inside the transaction that makes the change`);
  const raised = raisedIn(runner);
  const [row]: { id: string; createdAt: Date; earlier: UndeliveredEvent[] | null }[] = await runner.query(
    `INSERT INTO "outbox_event" ("name", "aggregateId", "payload") VALUES ($1, $2, $3)
     RETURNING "id", "createdAt", (
       SELECT json_agg(json_build_object('name', earlier."name", 'deliveredTo', earlier."deliveredTo"))
       FROM "outbox_event" earlier
       WHERE earlier."aggregateId" = $2 AND earlier."deliveredAt" IS NULL AND earlier."id" <> ALL($4::uuid[])
     ) AS "earlier"`,
    [name, aggregateId, JSON.stringify(payload), raised.map(({ event }) => event.id)],
  );
  raised.push({ event: { id: row.id, name, aggregateId, payload, createdAt: row.createdAt }, earlier: row.earlier ?? [] });
}

/**
 * The transactional outbox: events raised with `raise` are rows of `outbox_event`, written with
 * the change. After the commit they are handed to the subscribers in this process at once (the
 * read cache is forgotten before the write's answer is sent). A subscriber that throws is retried
 * on the job queue with backoff, without holding back the others; events a process committed but
 * never delivered (it was killed) are handed to the job queue by the relay, at start and every
 * minute. Delivery is at least once, in order per aggregate.
 */
export class Outbox {
  private readonly subscribers: Subscriber[] = [];
  /** Deliveries after the commit still running in this process, by aggregate. */
  private readonly deferred = new Map<string, Promise<void>>();

  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly settings: OutboxSettings,
    private readonly logger: Logger,
  ) {}

  /** Subscribe before `start`, so that the first relay already delivers to every subscriber. */
  subscribe(subscriber: Subscriber): void {
    this.subscribers.push(subscriber);
  }

  /**
   * The outbox's own machinery, declared as a module declares its work and wired with it by
   * `startWork` (events/work.ts): the queue that retries one event's delivery to one subscriber,
   * the relay of events a stopped process never delivered, and the pruning of old events.
   */
  work(): { queues: QueueDeclaration<DeliveryJob>[]; recurring: RecurringJob[] } {
    return {
      queues: [
        {
          name: DELIVER_QUEUE,
          // A delivery takes moments: one left active by a killed process runs again after a minute, not 15.
          options: { retries: 10, retryDelaySeconds: RETRY_DELAY_SECONDS, unique: true, expireInSeconds: 60 },
          handle: ({ eventId, subscriber }: DeliveryJob) => this.deliverLater(eventId, subscriber),
        },
      ],
      recurring: [
        { name: 'outbox.relay', everySeconds: 60, run: async () => void (await this.relay(30)) },
        { name: 'outbox.prune', everySeconds: 60 * 60, run: async () => void (await this.prune()) },
      ],
    };
  }

  /**
   * Delivers committed events from now on, and relays those a stopped process left undelivered.
   * `startWork` calls it once every subscriber is subscribed and every queue declared (its own included).
   */
  async start(): Promise<void> {
    const hook: EntitySubscriberInterface = {
      afterTransactionCommit: ({ queryRunner }) => {
        // A released savepoint is not the commit.
        if (queryRunner.isTransactionActive) return;
        const raised = raisedIn(queryRunner).splice(0);
        return raised.length ? this.afterCommit(queryRunner, raised) : undefined;
      },
      afterTransactionRollback: ({ queryRunner }) => {
        // Rolled-back rows are gone; any that survived a savepoint's rollback reach the relay.
        raisedIn(queryRunner).splice(0);
      },
    };
    this.db.subscribers.push(hook);
    await this.relay(0);
  }

  /**
   * Right after the commit, in the committing process; never throws (the write is done). Inline
   * subscribers run at once, before the write's answer is sent. The others run once the committing
   * connection is back in the pool: they may need a connection themselves, and waiting for a second
   * one while holding the first starves the pool under load. They are chained per aggregate, so
   * events of one aggregate still reach them in order. An event that has both kinds of subscriber,
   * its inline ones indifferent to order (the read cache), is recorded once, after the others: one
   * statement, not two (should the process stop in between, the relay hands the inline ones the
   * event again: delivery is at least once).
   */
  private async afterCommit(runner: QueryRunner, raised: RaisedEvent[]): Promise<void> {
    const inline = (subscriber: Subscriber) => subscriber.inline === true;
    const deferred = (subscriber: Subscriber) => !subscriber.inline;
    // An inline subscriber that takes events in order needs its deliveries recorded at once: a later event waits for them.
    const recordLater = ({ name }: DomainEvent) =>
      this.subscribersOf(name).some(deferred) && !this.subscribersOf(name).some((subscriber) => inline(subscriber) && subscriber.inOrder);
    const reachedInline = await this.deliver(runner, raised, inline, recordLater);
    if (!this.subscribers.some(deferred)) return;
    const aggregates = [...new Set(raised.map(({ event }) => event.aggregateId))];
    const earlierWork = aggregates.map((id) => this.deferred.get(id)).filter(Boolean);
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => Promise.all(earlierWork))
      .then(() => this.deliver(this.db, raised, deferred, () => false, reachedInline))
      .then(() => undefined);
    for (const id of aggregates) this.deferred.set(id, work);
    void work.finally(() => {
      for (const id of aggregates) if (this.deferred.get(id) === work) this.deferred.delete(id);
    });
  }

  /** Waits for the deliveries after commit still running in this process (on shutdown; tests that count statements). */
  async settled(): Promise<void> {
    while (this.deferred.size) await Promise.all(this.deferred.values());
  }

  /**
   * Hands committed events to the subscribers `which` picks; what fails or must wait goes to the job
   * queue. The subscribers reached are recorded with those in `reachedBefore`, except for the events
   * `recordLater` picks: theirs are answered, by event id, for a later pass to record.
   */
  private async deliver(
    runner: Queryable,
    raised: RaisedEvent[],
    which: (subscriber: Subscriber) => boolean,
    recordLater: (event: DomainEvent) => boolean = () => false,
    reachedBefore = new Map<string, string[]>(),
  ): Promise<Map<string, string[]>> {
    const unrecorded = new Map<string, string[]>();
    // Within this transaction, a subscriber that missed an event of an aggregate waits for it with the later ones.
    const heldBack = new Set<string>();
    for (const { event, earlier } of raised) {
      const all = this.subscribersOf(event.name);
      const subscribers = all.filter(which);
      if (subscribers.length === 0 && all.length > 0) continue;
      const delivered = [...(reachedBefore.get(event.id) ?? [])];
      const handedOff: { name: string; failed: boolean }[] = [];
      await Promise.all(
        subscribers.map(async (subscriber) => {
          const lane = `${event.aggregateId}:${subscriber.name}`;
          const missedEarlier = earlier.some((e) => this.reaches(subscriber, e.name) && !e.deliveredTo.includes(subscriber.name));
          if (subscriber.inOrder && (missedEarlier || heldBack.has(lane))) {
            heldBack.add(lane);
            handedOff.push({ name: subscriber.name, failed: false });
            return;
          }
          try {
            await subscriber.handle(event);
            delivered.push(subscriber.name);
          } catch (error) {
            this.logger.warn({ err: error, event: event.name, subscriber: subscriber.name }, 'event subscriber failed; retrying later');
            if (subscriber.inOrder) heldBack.add(lane);
            handedOff.push({ name: subscriber.name, failed: true });
          }
        }),
      );
      try {
        if (recordLater(event)) unrecorded.set(event.id, delivered);
        else await this.recordDelivery(runner, event.id, delivered, all);
        for (const { name, failed } of handedOff) await this.handOff(event.id, name, failed ? RETRY_DELAY_SECONDS : 0);
        if (handedOff.length) await runner.query(`UPDATE "outbox_event" SET "handedOffAt" = now() WHERE "id" = $1`, [event.id]);
      } catch (error) {
        // The relay finds the event again.
        this.logger.error({ err: error, event: event.name }, 'could not record an event delivery');
      }
    }
    return unrecorded;
  }

  /** A retry from the job queue: one event, one subscriber. Throws to be retried later. */
  private async deliverLater(eventId: string, subscriberName: string): Promise<void> {
    const subscriber = this.subscribers.find(({ name }) => name === subscriberName);
    const [row]: OutboxRow[] = await this.db.query(
      `SELECT "id", "name", "aggregateId", "payload", "createdAt", "seq", "deliveredTo" FROM "outbox_event" WHERE "id" = $1`,
      [eventId],
    );
    if (!subscriber || !row || row.deliveredTo.includes(subscriberName)) return;
    if (subscriber.inOrder) {
      const [{ waiting }]: { waiting: boolean }[] = await this.db.query(
        `SELECT EXISTS (
           SELECT 1 FROM "outbox_event"
           WHERE "aggregateId" = $1 AND "seq" < $2 AND "deliveredAt" IS NULL AND NOT ($3 = ANY("deliveredTo")) AND ($4::text[] IS NULL OR "name" = ANY($4))
         ) AS "waiting"`,
        [row.aggregateId, row.seq, subscriberName, this.namesOf(subscriber)],
      );
      if (waiting) throw new Error(`${subscriberName} waits for an earlier event of ${row.aggregateId}`);
    }
    const { seq: _seq, deliveredTo: _deliveredTo, ...event } = row;
    await subscriber.handle(event);
    await this.recordDelivery(this.db, row.id, [subscriberName], this.subscribersOf(row.name));
  }

  /**
   * Hands events that were committed but never delivered nor handed off (their process stopped
   * first) to the job queue. `graceSeconds` leaves the newest to the process that committed them.
   */
  async relay(graceSeconds: number): Promise<number> {
    const rows: Pick<OutboxRow, 'id' | 'name' | 'deliveredTo'>[] = await this.db.query(
      `SELECT "id", "name", "deliveredTo" FROM "outbox_event"
       WHERE "deliveredAt" IS NULL AND "handedOffAt" IS NULL AND "createdAt" < now() - make_interval(secs => $1)
       ORDER BY "seq" LIMIT 1000`,
      [graceSeconds],
    );
    for (const row of rows) {
      const missing = this.subscribersOf(row.name).filter(({ name }) => !row.deliveredTo.includes(name));
      for (const subscriber of missing) await this.handOff(row.id, subscriber.name);
      // Judged on the row as it is now, not as it was read: the committing process may have delivered
      // it meanwhile, and the jobs just handed off then find nothing left to record.
      await this.db.query(
        `UPDATE "outbox_event" SET "handedOffAt" = now(),
           "deliveredAt" = CASE WHEN $2::text[] <@ "deliveredTo" THEN coalesce("deliveredAt", now()) END
         WHERE "id" = $1`,
        [row.id, this.subscribersOf(row.name).map(({ name }) => name)],
      );
    }
    if (rows.length) this.logger.info({ events: rows.length }, 'outbox: handed undelivered events to the job queue');
    return rows.length;
  }

  /** Deletes events past their retention, delivered or not. */
  async prune(): Promise<number> {
    const [, removed]: [unknown, number] = await this.db.query(
      `DELETE FROM "outbox_event" WHERE "createdAt" < now() - make_interval(days => $1)`,
      [this.settings.retentionDays],
    );
    return removed;
  }

  private handOff(eventId: string, subscriber: string, startAfterSeconds = 0): Promise<void> {
    return this.jobs.send(DELIVER_QUEUE, { eventId, subscriber }, { key: `${eventId}:${subscriber}`, startAfterSeconds });
  }

  /** Adds the subscribers reached; the event is delivered once every subscriber of it is. */
  private async recordDelivery(runner: Queryable, eventId: string, delivered: string[], subscribers: Subscriber[]): Promise<void> {
    await runner.query(
      `UPDATE "outbox_event" SET
         "deliveredTo" = ARRAY(SELECT DISTINCT unnest("deliveredTo" || $2::text[])),
         "deliveredAt" = CASE WHEN $3::text[] <@ ("deliveredTo" || $2::text[]) THEN now() END
       WHERE "id" = $1`,
      [eventId, delivered, subscribers.map(({ name }) => name)],
    );
  }

  private subscribersOf(name: DomainEventName): Subscriber[] {
    return this.subscribers.filter((subscriber) => this.reaches(subscriber, name));
  }

  private reaches(subscriber: Subscriber, name: DomainEventName): boolean {
    return subscriber.events === 'all' || subscriber.events.includes(name);
  }

  /** The events a subscriber takes by name; null for every event. */
  private namesOf(subscriber: Subscriber): readonly string[] | null {
    return subscriber.events === 'all' ? null : subscriber.events;
  }
}
