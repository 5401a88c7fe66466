import type { Logger } from 'pino';
import type { Config } from '../config';
import type { JobQueue, QueueDeclaration, RecurringJob } from '../jobs/job-queue';
import type { Outbox, Subscriber } from './outbox';

/** What a module runs in the background, declared beside it (its `*.work.ts`) and wired by the app with every other module's. */
export interface ModuleWork {
  queues?: QueueDeclaration[];
  recurring?: RecurringJob[];
  /** Outbox subscribers: what follows a committed change. */
  subscribers?: Subscriber[];
}

/** A module's work as it declares it: from the services it needs (a part of the app's), the config and the logger. */
export type DeclareWork<Services> = (services: Services, config: Config, logger: Logger) => ModuleWork;

/** The names of what a process runs in the background, as `startWork` wired it. */
export interface WiredWork {
  queues: string[];
  recurring: string[];
  subscribers: string[];
}

/**
 * Wires the modules' declared work, and the outbox's own (`Outbox.work`), in the order it needs:
 * every subscriber before any queue is worked (a retried delivery looks its subscriber up by name);
 * the modules' queues before the outbox's retry queue, whose retries reach subscribers that queue
 * jobs there; the outbox started (committed events delivered, the undelivered relayed) once they
 * are all in place; and the recurring jobs last, as their runs commit events the outbox then delivers.
 */
export async function startWork(jobs: JobQueue, outbox: Outbox, modules: readonly ModuleWork[]): Promise<WiredWork> {
  const works: readonly ModuleWork[] = [...modules, outbox.work()];
  const queues = works.flatMap((work) => work.queues ?? []);
  const recurring = works.flatMap((work) => work.recurring ?? []);
  const subscribers = works.flatMap((work) => work.subscribers ?? []);
  const wired: WiredWork = {
    queues: uniqueNames('queue', queues),
    recurring: uniqueNames('recurring job', recurring),
    subscribers: uniqueNames('subscriber', subscribers),
  };
  for (const subscriber of subscribers) outbox.subscribe(subscriber);
  for (const queue of queues) await jobs.define(queue.name, queue.options, (data) => queue.handle(data));
  await outbox.start();
  for (const job of recurring) await jobs.every(job.name, job.everySeconds, () => job.run());
  return wired;
}

/** The names, refusing one declared twice: a name is one queue, and events record the subscribers they reached by name. */
function uniqueNames(what: string, declared: readonly { name: string }[]): string[] {
  const names = declared.map(({ name }) => name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`The ${what} ${twice} is declared twice`);
  return names;
}
