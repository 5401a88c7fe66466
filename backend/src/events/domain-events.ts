/**
 * Domain events by name, with what each carries. Each module declares its own events in its
 * `<module>.events.ts`, adding them to `DomainEventPayloads` (TypeScript's declaration merging), and
 * names them in its declaration (`keenModule({ events })`); the app lists them from the modules. A
 * payload holds what a subscriber needs (an e-mail, a webhook, the read cache) without reading the
 * changed rows again, as plain JSON.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface DomainEventPayloads {}

export type DomainEventName = keyof DomainEventPayloads;

/** A committed event as subscribers receive it. */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  /** The id of the order, product, review, user or message the event is about: events of one aggregate arrive in order. */
  aggregateId: string;
  payload: DomainEventPayloads[N];
  createdAt: Date;
}
