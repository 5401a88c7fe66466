import { type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { type Access, authorize } from '../modules/auth/access';
import { APP_MODULES, type AppGraphQLContext } from './services';

/** Every module's resolvers. */
export const resolvers = APP_MODULES.flatMap((module) => module.resolvers ?? []);

/**
 * Services validate input themselves (with the shop's own messages), so type-graphql does not.
 * `@Allow` beside each operation says who may call it, people and keys alike; it is checked before
 * the arguments are read, and the services check their caller again.
 */
export async function buildKeenSchema(): Promise<GraphQLSchema> {
  passPlainRoots();
  const schema = await buildSchema({
    resolvers: [resolvers[0], ...resolvers.slice(1)],
    validate: false,
    authChecker: ({ context }: { context: AppGraphQLContext }, [access]: Access[]) => {
      authorize(context.caller, access);
      return true;
    },
  });
  // type-graphql gives the root types no description of their own; GraphiQL shows these first.
  schema.getQueryType()!.description =
    'Reads. The catalogue and reviews are public; the rest needs a signed-in user (Authorization: Bearer <token>) or an API key with the scope the field names.';
  schema.getMutationType()!.description =
    'Writes. Each says who may call it; a refused call changes nothing and answers an error with a code (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND, CONFLICT, RATE_LIMITED; placeOrder also AGE_CHECK_REQUIRED and AGE_CHECK_FAILED).';
  return schema;
}

/**
 * A field resolver's `@Root()` is given the row as it is when its class is plain data (no
 * initialised fields, no getters or methods): type-graphql would copy each row into a new instance
 * of the class for every field resolved (a product list's rows are plain objects, `rowsPage`), and
 * such a copy reads the same as the row. Classes with getters (an order's `status`) are still copied.
 */
function passPlainRoots(): void {
  for (const param of getMetadataStorage().params) {
    if (param.kind !== 'root' || !param.getType) continue;
    const type = param.getType();
    if (typeof type === 'function' && isPlainData(type as new () => object)) param.getType = undefined;
  }
}

function isPlainData(Type: new () => object): boolean {
  if (Object.keys(new Type()).length > 0) return false;
  // Up to Object.prototype, whichever realm made the class (a test runner's may be another).
  for (let prototype = Type.prototype; Object.getPrototypeOf(prototype) !== null; prototype = Object.getPrototypeOf(prototype))
    if (Object.getOwnPropertyNames(prototype).some((name) => name !== 'constructor')) return false;
  return true;
}
