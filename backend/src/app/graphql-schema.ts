import { type GraphQLFieldResolver, GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { authorize, declaredAccess } from '../modules/auth/access';
import { APP_MODULES, type AppGraphQLContext } from './services';

/** Every module's resolvers. */
export const resolvers = APP_MODULES.flatMap((module) => module.resolvers ?? []);

/**
 * Services validate input themselves (with the shop's own messages), so type-graphql does not.
 * `@Allow` beside each operation says who may call it, people and keys alike; it is checked before
 * the arguments are read (`authorizeOperations`), and the services check their caller again.
 */
export async function buildKeenSchema(): Promise<GraphQLSchema> {
  passPlainRoots();
  const instances = new ResolverInstances();
  const schema = await buildSchema({
    resolvers: [resolvers[0], ...resolvers.slice(1)],
    container: instances,
    validate: false,
  });
  authorizeOperations(schema);
  callFieldResolversDirectly(schema, instances);
  // type-graphql gives the root types no description of their own; GraphiQL shows these first.
  schema.getQueryType()!.description =
    'Reads. The catalogue and reviews are public; the rest needs a signed-in user (Authorization: Bearer <token>) or an API key with the scope the field names.';
  schema.getMutationType()!.description =
    'Writes. Each says who may call it; a refused call changes nothing and answers an error with a code (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND, CONFLICT, RATE_LIMITED; placeOrder also AGE_CHECK_REQUIRED and AGE_CHECK_FAILED).';
  return schema;
}

/**
 * Each query and mutation checks its caller against its `@Allow` before type-graphql reads its
 * arguments, as a plain call: type-graphql's `@Authorized` ran it as an asynchronous middleware
 * chain on every request. An operation that declares no rule is a mistake the schema refuses.
 */
function authorizeOperations(schema: GraphQLSchema): void {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const access = declaredAccess(field);
      const resolve = field.resolve;
      if (!access || !resolve) throw new Error(`${type!.name}.${field.name} declares no @Allow: who may call it?`);
      field.resolve = (root, args, context: AppGraphQLContext, info) => {
        authorize(context.caller, access);
        return resolve(root, args, context, info);
      };
    }
  }
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

type PlainClass = new () => object;
type FieldResolverMetadata = ReturnType<typeof getMetadataStorage>['fieldResolvers'][number];
type Resolve = GraphQLFieldResolver<unknown, unknown>;

/**
 * A field resolver that needs no more than its row, the context and the info is called as a plain
 * method, and a getter (an order's `status`) is read: type-graphql's wrapper would, for every row
 * and field, build a resolver-data object, find the resolver's instance, sort the parameters'
 * metadata and read each parameter through a switch. Fields with arguments, middlewares or an
 * `@Allow` keep the wrapper, and so does a row type-graphql copies into its class (an order's
 * field given a row that is not an Order).
 */
function callFieldResolversDirectly(schema: GraphQLSchema, instances: ResolverInstances): void {
  const storage = getMetadataStorage();
  const resolverClasses = new Set<unknown>(resolvers);
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!(type instanceof GraphQLObjectType)) continue;
    // The fields type-graphql pairs with a field resolver, as it pairs them (inherited ones are left).
    const interfaces = storage.interfaceTypes.filter((it) => objectType.interfaceClasses?.includes(it.target));
    for (const field of [...interfaces.flatMap((it) => it.fields ?? []), ...(objectType.fields ?? [])]) {
      const graphQLField = type.getFields()[field.schemaName];
      const resolver = storage.fieldResolvers.find(
        (it) =>
          (it.kind === 'internal' || resolverClasses.has(it.target)) &&
          it.getObjectType?.() === field.target &&
          it.methodName === field.name,
      );
      const direct = graphQLField?.resolve && resolver && directCall(resolver, instances, graphQLField.resolve);
      if (direct) graphQLField.resolve = direct;
    }
  }
}

function directCall(resolver: FieldResolverMetadata, instances: ResolverInstances, original: Resolve): Resolve | null {
  if (resolver.middlewares?.length || resolver.roles) return null;
  if (resolver.kind === 'internal') return readGetter(resolver.target as PlainClass, resolver.methodName, original);
  const readers: Array<(root: unknown, context: unknown, info: unknown) => unknown> = [];
  let CopiedRoot: PlainClass | null = null;
  for (const param of [...(resolver.params ?? [])].sort((a, b) => a.index - b.index)) {
    if (param.kind === 'root' && !param.propertyName) {
      if (param.getType) CopiedRoot = param.getType() as PlainClass;
      readers.push((root) => root);
    } else if (param.kind === 'context') {
      const { propertyName } = param;
      readers.push(propertyName ? (_root, context) => (context as Record<string, unknown>)[propertyName] : (_root, context) => context);
    } else if (param.kind === 'info') {
      readers.push((_root, _context, info) => info);
    } else return null;
  }
  const instance = instances.get(resolver.target as PlainClass) as Record<string, (...params: unknown[]) => unknown>;
  const method = instance[resolver.methodName];
  const RootType = CopiedRoot;
  const direct: Resolve = RootType
    ? (root, args, context, info) =>
        root instanceof RootType
          ? method.apply(
              instance,
              readers.map((read) => read(root, context, info)),
            )
          : original(root, args, context, info)
    : (root, _args, context, info) =>
        method.apply(
          instance,
          readers.map((read) => read(root, context, info)),
        );
  return named(direct, `${resolver.target.name}.${resolver.methodName}`);
}

function readGetter(Type: PlainClass, name: string, original: Resolve): Resolve | null {
  if (!Object.getOwnPropertyDescriptor(Type.prototype, name)?.get) return null;
  return named(
    (root, args, context, info) => (root instanceof Type ? (root as Record<string, unknown>)[name] : original(root, args, context, info)),
    `${Type.name}.${name}`,
  );
}

/** Named after the field it resolves, so that a profile or a stack trace says which it was. */
function named(resolve: Resolve, name: string): Resolve {
  return Object.defineProperty(resolve, 'name', { value: name });
}

/** Each resolver class's one instance, found in a map rather than by type-graphql's scan of a list. */
class ResolverInstances {
  private readonly byClass = new Map<PlainClass, object>();

  get(Resolver: PlainClass): object {
    let instance = this.byClass.get(Resolver);
    if (!instance) this.byClass.set(Resolver, (instance = new Resolver()));
    return instance;
  }
}
