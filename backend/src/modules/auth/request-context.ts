import { routeDeclarer, type Routes } from '../../http-kit/routes';
import type { RestAccess } from './access';
import type { Caller, CallerPerson } from './caller';

/**
 * What a module's REST handlers get: the verified caller and the services the module uses. Each
 * module names its own services, so no module depends on the app's list of all of them.
 */
export interface RestContextOf<Services, Person extends CallerPerson = CallerPerson> {
  caller: Caller<Person>;
  services: Services;
}

/** What a module's GraphQL resolvers get: the same, and the request's batch loaders they use. */
export interface GraphQLContextOf<Services, Loaders = object, Person extends CallerPerson = CallerPerson> extends RestContextOf<
  Services,
  Person
> {
  loaders: Loaders;
  /** The request's Idempotency-Key header, for the mutations a client may retry (placeOrder, createPaymentIntent). */
  idempotencyKey: string | null;
  /** The client's address key (an IPv6 client by its /64), for what is limited per client address (`sendMessage`, `giftCardBalance`). */
  clientAddress: () => string;
}

/** A module's REST routes, declared with its own context and Keen's caller rules (auth/access.ts). */
export type RestRoutes<Services, Person extends CallerPerson = CallerPerson> = Routes<RestContextOf<Services, Person>, RestAccess>;

/** Declares one of a module's REST routes: `const route = restRoute<Services, User>()`, then `route({ ... })` in its table. */
export const restRoute = <Services, Person extends CallerPerson = CallerPerson>() =>
  routeDeclarer<RestContextOf<Services, Person>, RestAccess>();
