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
}

/**
 * Declares a module, its types inferred from its parts: the services it needs are what its routes,
 * its work and its loaders each need, together.
 */
export const keenModule = <RouteServices = unknown, WorkServices = unknown, LoaderServices = unknown, Loaders extends object = object>(
  module: Omit<KeenModule<never>, 'routes' | 'work' | 'loaders'> & {
    routes?: RestRoutes<RouteServices, CallerPerson>;
    work?: DeclareWork<WorkServices>;
    loaders?: (db: DataSource, services: LoaderServices) => Loaders;
  },
): KeenModule<RouteServices & WorkServices & LoaderServices, Loaders> => module;
