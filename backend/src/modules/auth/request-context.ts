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
}
