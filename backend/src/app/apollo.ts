import { createHash } from 'node:crypto';
import {
  ApolloServer,
  type ApolloServerOptionsWithGateway,
  type ApolloServerPlugin,
  type GraphQLRequest,
  type GraphQLRequestContext,
  type GraphQLRequestContextWillSendResponse,
  type GraphQLRequestExecutionListener,
  type GraphQLRequestListener,
  type GraphQLResponse,
  HeaderMap,
  type HTTPGraphQLHead,
} from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Logger } from 'pino';
import { graphqlMetricsPlugin } from '../common/metrics';
import type { Config } from '../config';
import { failureOf, graphQLErrorOf } from '../http-kit/errors';
import type { CompiledOperations } from './jit-executor';
import type { AppGraphQLContext } from './services';

/** Errors about the request itself (from GraphQL, or a bad token in the context); safe to show as they are. */
const CLIENT_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
  'UNAUTHENTICATED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
]);

export interface ApolloOptions {
  /** From the config: always on in development, settings in production. */
  graphql: Config['graphql'];
  logger: Logger;
  plugins?: ApolloServerPlugin<AppGraphQLContext>[];
}

/** An answer that failed because a service (the database, the identity provider) is away is a 503 to retry. */
const serviceUnavailableStatus: ApolloServerPlugin<AppGraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        if (!errors?.some((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE')) return;
        response.http.status = 503;
        response.http.headers.set('retry-after', String(errors.find((error) => error.extensions?.retryAfter)?.extensions?.retryAfter ?? 5));
      },
    };
  },
};

/** Apollo Server over the schema of `operations`, which runs (and remembers) the operations it accepts. */
/**
 * The limits every operation is held to (depth, aliases, directives, tokens, cost), as validation
 * rules; the storefront's and dashboard's own operations fit them (test/platform/client-operations.test.ts).
 */
export function requestLimits(fieldSuggestions: boolean) {
  return new ApolloArmor({
    // Fields count, fragments do not: how the client groups its selections changes nothing the server does.
    maxDepth: { n: 10, ignoreIntrospection: true, flattenFragments: true },
    maxAliases: { n: 15 },
    maxDirectives: { n: 20 },
    maxTokens: { n: 2000 },
    // The dashboard's orders grid, the heaviest query the client sends, costs about 5,000.
    costLimit: { maxCost: 8000, ignoreIntrospection: true },
    blockFieldSuggestion: { enabled: !fieldSuggestions },
  }).protect();
}

export function createApolloServer(operations: CompiledOperations, options: ApolloOptions): KeenApolloServer {
  const protection = requestLimits(options.graphql.fieldSuggestions);
  return new KeenApolloServer(operations.schema, {
    gateway: operations.gateway(),
    // Apollo's own warnings (an operation during shutdown, say) go to Keen's log.
    logger: options.logger,
    introspection: options.graphql.introspection,
    validationRules: protection.validationRules,
    allowBatchedHttpRequests: false,
    // main.ts owns SIGTERM and SIGINT: Apollo's own handlers would stop it a second time and re-raise the signal.
    stopOnTerminationSignals: false,
    // Every answer's error is either the caller's own (a stack says nothing to them) or masked;
    // stacks go to the log. Formatting one per refused request costs more than the request.
    includeStacktraceInErrorResponses: false,
    plugins: [
      ...protection.plugins,
      ApolloServerPluginLandingPageDisabled(),
      // Keen sends no cache hints; Apollo's default cache-control plugin would wrap every field's resolver.
      ApolloServerPluginCacheControlDisabled(),
      // Keen's schema is no federation subgraph: the inline-trace plugin Apollo would add does nothing
      // but read every request's HTTP headers.
      ApolloServerPluginInlineTraceDisabled(),
      graphqlMetricsPlugin,
      serviceUnavailableStatus,
      ...(options.plugins ?? []),
    ],
    formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
      const original = unwrapResolverError(error);
      const failure = failureOf(original);
      if (failure.internal && CLIENT_ERROR_CODES.has(String(formatted.extensions?.code))) return formatted;
      if (failure.internal) options.logger.error({ err: original }, 'GraphQL operation failed');
      const { message, extensions } = graphQLErrorOf(failure);
      // An internal error's locations would say where it happened in the query: its path is enough.
      return { message, locations: failure.internal ? undefined : formatted.locations, path: formatted.path, extensions };
    },
  });
}

/** An operation Apollo Server has parsed, validated and run before, asked for again. */
export interface KnownOperation {
  request: GraphQLRequest;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  contextValue: AppGraphQLContext;
}

/** How a known operation is answered: by running it, or with a stored answer (the read cache's). */
export type KnownAnswer = { execute(): Promise<ExecutionResult> } | { stored: GraphQLResponse['body'] };

type Listener = GraphQLRequestListener<AppGraphQLContext>;
type FormatError = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

/**
 * Keen's Apollo Server. Besides its own request pipeline it answers the operations the GraphQL
 * endpoint answers without that pipeline (app/graphql-handler.ts: read-cache hits, texts Apollo
 * accepted before), calling the same plugins' hooks as the pipeline calls them for a document it
 * has parsed and validated before, and formatting their errors as it does: a plugin registered
 * once sees every request.
 */
export class KeenApolloServer extends ApolloServer<AppGraphQLContext> {
  /** The list Apollo runs: it adds its default plugins to this very array when it starts. */
  private readonly plugins: ApolloServerPlugin<AppGraphQLContext>[];
  private readonly formatError: FormatError;
  /** The plugins with a `requestDidStart` hook. */
  private starters?: ApolloServerPlugin<AppGraphQLContext>[];

  constructor(
    private readonly schema: GraphQLSchema,
    config: ApolloServerOptionsWithGateway<AppGraphQLContext> & {
      plugins: ApolloServerPlugin<AppGraphQLContext>[];
      formatError: FormatError;
    },
  ) {
    super(config);
    this.plugins = config.plugins;
    this.formatError = config.formatError;
  }

  /**
   * The response to `known`, as Apollo's pipeline gives it for a document it has cached: the hooks
   * `requestDidStart`, `didResolveSource`, `didResolveOperation` and `responseForOperation`; then
   * the stored answer (as a plugin's `responseForOperation` would give it), or the operation run
   * between `executionDidStart` and `executionDidEnd` with its errors shown to `didEncounterErrors`
   * and formatted as Apollo formats them; then `willSendResponse`. Field-level hooks
   * (`willResolveField`) are not called: no plugin of Keen's has one.
   */
  async respond(known: KnownOperation, answer: KnownAnswer): Promise<GraphQLResponse> {
    const requestContext = new KnownRequestContext(this, this.schema, known);
    try {
      return await this.process(requestContext, answer);
    } catch (thrown) {
      // As Apollo does when a hook throws: its plugins hear of it, and the request fails (a 500).
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      await Promise.all(this.plugins.map((plugin) => plugin.unexpectedErrorProcessingRequest?.({ requestContext, error })));
      throw error;
    }
  }

  private async process(requestContext: KnownRequestContext, answer: KnownAnswer): Promise<GraphQLResponse> {
    // Apollo's list is final once it has started, which it has by the time anything is known to it.
    this.starters ??= this.plugins.filter((plugin) => plugin.requestDidStart);
    const listeners = (await Promise.all(this.starters.map((plugin) => plugin.requestDidStart!(requestContext)))).filter(
      (listener): listener is Listener => listener !== undefined,
    );
    // Hooks are awaited only where a plugin has one: each wait is a trip through the microtask
    // queue, and these few hooks cost more than the operation itself when every stage waits.
    const sourceResolved = together(listeners, (listener) => listener.didResolveSource?.(requestContext));
    if (sourceResolved) await sourceResolved;
    try {
      const operationResolved = together(listeners, (listener) => listener.didResolveOperation?.(requestContext));
      if (operationResolved) await operationResolved;
    } catch (error) {
      return this.sendErrors(requestContext, listeners, [asGraphQLError(error)]);
    }
    const { response } = requestContext;
    let fromPlugin: GraphQLResponse | null = null;
    for (const listener of listeners) {
      if (listener.responseForOperation) fromPlugin = await listener.responseForOperation(requestContext);
      if (fromPlugin) break;
    }
    if (fromPlugin) {
      response.body = fromPlugin.body;
      mergeHead(response.http, fromPlugin.http);
    } else if ('stored' in answer) {
      response.body = answer.stored;
    } else {
      const executionListeners: GraphQLRequestExecutionListener<AppGraphQLContext>[] = [];
      const starting = listeners.filter((listener) => listener.executionDidStart);
      if (starting.length) {
        for (const started of await Promise.all(starting.map((listener) => listener.executionDidStart!(requestContext))))
          if (started) executionListeners.unshift(started);
      }
      let result: ExecutionResult;
      try {
        result = await answer.execute();
      } catch (thrown) {
        const error = asGraphQLError(thrown);
        await Promise.all(executionListeners.map((listener) => listener.executionDidEnd?.(error)));
        return this.sendErrors(requestContext, listeners, [error]);
      }
      let errors: GraphQLFormattedError[] | undefined;
      if (result.errors) {
        await encountered(requestContext, listeners, result.errors);
        const formatted = this.formatErrors(result.errors);
        // Apollo answers a variable it could not coerce (no data at all) with a 400.
        if (result.errors.length && result.data === undefined && !formatted.http.status) formatted.http.status = 400;
        mergeHead(response.http, formatted.http);
        errors = formatted.errors;
      }
      response.body = { kind: 'single', singleResult: { ...result, errors } };
      const ended = together(executionListeners, (listener) => listener.executionDidEnd?.());
      if (ended) await ended;
    }
    const sent = together(listeners, (listener) => listener.willSendResponse?.(requestContext as WillSend));
    if (sent) await sent;
    return response as GraphQLResponse;
  }

  /** An answer of errors only, as Apollo sends one for a request it could not run. */
  private async sendErrors(requestContext: KnownRequestContext, listeners: Listener[], errors: GraphQLError[]): Promise<GraphQLResponse> {
    await encountered(requestContext, listeners, errors);
    const formatted = this.formatErrors(errors);
    const { response } = requestContext;
    response.body = { kind: 'single', singleResult: { errors: formatted.errors } };
    mergeHead(response.http, formatted.http);
    response.http.status ??= 500;
    await Promise.all(listeners.map((listener) => listener.willSendResponse?.(requestContext as WillSend)));
    return response as GraphQLResponse;
  }

  /**
   * Errors as Apollo formats them: a code (INTERNAL_SERVER_ERROR when none), then `formatError`;
   * the status and headers they ask for (`extensions.http`) go to the answer's head, not its body.
   */
  private formatErrors(errors: readonly GraphQLError[]): { errors: GraphQLFormattedError[]; http: HTTPGraphQLHead } {
    const http: HTTPGraphQLHead = { status: undefined, headers: new HeaderMap() };
    const formatted = errors.map((error) => {
      const extensions: Record<string, unknown> = { ...error.extensions, code: error.extensions?.code ?? 'INTERNAL_SERVER_ERROR' };
      if (isHead(extensions.http)) {
        mergeHead(http, { headers: new HeaderMap(), ...extensions.http });
        delete extensions.http;
      }
      try {
        return this.formatError({ ...error.toJSON(), extensions }, error);
      } catch {
        return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
      }
    });
    return { errors: formatted, http };
  }
}

/** A request to a known operation, as Apollo's plugins see a request whose document Apollo has cached. */
class KnownRequestContext implements GraphQLRequestContext<AppGraphQLContext> {
  readonly logger: ApolloServer['logger'];
  readonly cache: ApolloServer['cache'];
  readonly request: GraphQLRequest;
  readonly response: GraphQLRequestContext<AppGraphQLContext>['response'] = { http: { status: undefined, headers: new HeaderMap() } };
  readonly contextValue: AppGraphQLContext;
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  readonly operationName: string | null;
  readonly source: string;
  readonly metrics = { persistedQueryHit: false, persistedQueryRegister: false };
  readonly requestIsBatched = false;
  errors?: readonly GraphQLError[];
  private hash?: string;
  private policy?: RequestCachePolicy;

  constructor(
    server: ApolloServer<AppGraphQLContext>,
    readonly schema: GraphQLSchema,
    known: KnownOperation,
  ) {
    this.logger = server.logger;
    this.cache = server.cache;
    this.request = known.request;
    this.contextValue = known.contextValue;
    this.document = known.document;
    this.operation = known.operation;
    this.operationName = known.operation.name?.value ?? null;
    this.source = known.request.query ?? '';
  }

  /** Apollo's hash of the query text, worked out only for a plugin that reads it. */
  get queryHash(): string {
    return (this.hash ??= createHash('sha256').update(this.source).digest('hex'));
  }

  get overallCachePolicy(): RequestCachePolicy {
    return (this.policy ??= new RequestCachePolicy());
  }
}

type CachePolicy = GraphQLRequestContext<AppGraphQLContext>['overallCachePolicy'];
type CacheHint = Parameters<CachePolicy['replace']>[0];

/** A request's cache policy as Apollo starts it: no hints (Keen sends none), so not cacheable. */
class RequestCachePolicy implements CachePolicy {
  maxAge?: number;
  scope?: CachePolicy['scope'];

  replace(hint: CacheHint): void {
    if (hint.maxAge !== undefined) this.maxAge = hint.maxAge;
    if (hint.scope !== undefined) this.scope = hint.scope;
  }

  restrict(hint: CacheHint): void {
    if (hint.maxAge !== undefined && (this.maxAge === undefined || hint.maxAge < this.maxAge)) this.maxAge = hint.maxAge;
    if (hint.scope !== undefined && this.scope !== 'PRIVATE') this.scope = hint.scope;
  }

  policyIfCacheable(): Required<CacheHint> | null {
    return this.maxAge ? { maxAge: this.maxAge, scope: this.scope ?? 'PUBLIC' } : null;
  }
}

type WillSend = KnownRequestContext & GraphQLRequestContextWillSendResponse<AppGraphQLContext>;

/** Calls one hook of every listener that has it, together, as Apollo does; undefined when none has it. */
function together<L>(listeners: readonly L[], call: (listener: L) => Promise<unknown> | undefined): Promise<unknown> | undefined {
  let first: Promise<unknown> | undefined;
  let all: Promise<unknown>[] | undefined;
  for (const listener of listeners) {
    const called = call(listener);
    if (!called) continue;
    if (!first) first = called;
    else (all ??= [first]).push(called);
  }
  return all ? Promise.all(all) : first;
}

async function encountered(requestContext: KnownRequestContext, listeners: Listener[], errors: readonly GraphQLError[]): Promise<void> {
  requestContext.errors = errors;
  const withErrors = requestContext as KnownRequestContext & { errors: readonly GraphQLError[] };
  await Promise.all(listeners.map((listener) => listener.didEncounterErrors?.(withErrors)));
}

function asGraphQLError(thrown: unknown): GraphQLError {
  if (thrown instanceof GraphQLError) return thrown;
  if (thrown instanceof Error) return new GraphQLError(thrown.message, { originalError: thrown });
  return new GraphQLError(`Unexpected error value: ${String(thrown)}`);
}

/** An `extensions.http` Apollo takes as a status and headers to answer with. */
function isHead(value: unknown): value is Partial<HTTPGraphQLHead> {
  if (!value || typeof value !== 'object') return false;
  const head = value as Record<string, unknown>;
  return (!('status' in head) || typeof head.status === 'number') && (!('headers' in head) || head.headers instanceof Map);
}

function mergeHead(target: HTTPGraphQLHead, source: HTTPGraphQLHead): void {
  if (source.status) target.status = source.status;
  for (const [name, value] of source.headers ?? []) target.headers.set(name, value);
}
