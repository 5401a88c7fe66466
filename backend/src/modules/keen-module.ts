import type { DataSource } from 'typeorm';
import type { DomainEventName } from '../events/domain-events';
import type { DeclareWork } from '../events/work';
import type { CallerPerson, RestRoutes } from './auth';

/**
 * What a module brings to the app, declared once in its `index.ts`; `app/modules.ts` lists the
 * modules and the app takes each part from there. `Services` is the part of the app's services
 * the module's routes, work and loaders use.
 */
/**
 * The events a module raises (declared in its `<module>.events.ts`): a 'public' one may change a
 * public answer, so the read cache forgets; a 'private' one (an address verified, an age check) never does.
 */
export type ModuleEvents = { readonly [Name in DomainEventName]?: 'public' | 'private' };

/**
 * A field a module resolves on another module's type that the other's read of one row can fetch in
 * the same statement (a product page: its rating and photos with the product). `select` is a
 * subquery on the row's id column, yielding the field's value as JSON; `prime` hands that value to
 * the loader the field's resolver asks, so the resolver reads nothing more.
 */
export interface JoinedRead<Loaders extends object = object> {
  type: 'Product';
  field: string;
  select(idColumn: string): string;
  prime(loaders: Loaders, id: string, value: unknown): void;
}

export interface KeenModule<Services, Loaders extends object = object> {
  name: string;
  /** Its TypeORM entities (its tables come from the committed migrations). */
  entities?: readonly (abstract new (...args: never[]) => unknown)[];
  /** Its type-graphql resolver classes. */
  resolvers?: readonly (abstract new (...args: never[]) => unknown)[];
  /** Its REST routes under /api, matched in the order the modules are listed. */
  routes?: RestRoutes<Services, CallerPerson>;
  /** Its queues, recurring jobs and outbox subscribers (its `*.work.ts`). */
  work?: DeclareWork<Services>;
  /** Its batch loaders, made afresh for each GraphQL request that reaches for one. */
  loaders?: (db: DataSource, services: Services) => Loaders;
  /** The domain events it raises. */
  events?: ModuleEvents;
  /** Its fields another module's one-row read may fetch in its own statement. */
  joins?: readonly JoinedRead<Loaders>[];
}

/**
 * Declares a module, its types inferred from its parts: the services it needs are what its routes,
 * its work and its loaders each need, together.
 */
export const keenModule = <RouteServices = unknown, WorkServices = unknown, LoaderServices = unknown, Loaders extends object = object>(
  module: Omit<KeenModule<never>, 'routes' | 'work' | 'loaders' | 'joins'> & {
    routes?: RestRoutes<RouteServices, CallerPerson>;
    work?: DeclareWork<WorkServices>;
    loaders?: (db: DataSource, services: LoaderServices) => Loaders;
    joins?: readonly JoinedRead<Loaders>[];
  },
): KeenModule<RouteServices & WorkServices & LoaderServices, Loaders> => module;
