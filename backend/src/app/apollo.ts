import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import type { AppError } from '../common/errors';
import type { Logger } from 'pino';
import { graphqlMetricsPlugin } from '../common/metrics';
import type { Config } from '../config';
import { callerErrorOf } from '../http-kit/errors';
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

/** A caller's error as the answer shows it: its message, code and details, where it happened. */
function asCallerError(formatted: GraphQLFormattedError, callerError: AppError): GraphQLFormattedError {
  const extensions = {
    code: callerError.code,
    ...callerError.details,
    ...(callerError.retryAfter !== null ? { retryAfter: callerError.retryAfter } : {}),
  };
  return { message: callerError.message, locations: formatted.locations, path: formatted.path, extensions };
}

/**
 * An execution error as Apollo Server answers it (its `formatError` below, status 200) when it is
 * the caller's (a refusal: a shortage, a missing product, a rate limit); null for any other, which
 * only Apollo formats: an internal error is logged and masked, a passing outage answers 503.
 */
export function callerErrorAnswer(error: GraphQLError): GraphQLFormattedError | null {
  const callerError = callerErrorOf(unwrapResolverError(error));
  if (!callerError || callerError.code === 'SERVICE_UNAVAILABLE') return null;
  return asCallerError(error.toJSON(), callerError);
}

/** Apollo Server over the schema of `operations`, which runs (and remembers) the operations it accepts. */
export function createApolloServer(operations: CompiledOperations, options: ApolloOptions) {
  const armor = new ApolloArmor({
    maxDepth: { n: 10, ignoreIntrospection: true },
    maxAliases: { n: 15 },
    maxDirectives: { n: 20 },
    maxTokens: { n: 2000 },
    costLimit: { maxCost: 5000, ignoreIntrospection: true },
    blockFieldSuggestion: { enabled: !options.graphql.fieldSuggestions },
  });
  const protection = armor.protect();
  return new ApolloServer<AppGraphQLContext>({
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
      graphqlMetricsPlugin,
      serviceUnavailableStatus,
      ...(options.plugins ?? []),
    ],
    formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
      const original = unwrapResolverError(error);
      const callerError = callerErrorOf(original);
      if (callerError) return asCallerError(formatted, callerError);
      if (CLIENT_ERROR_CODES.has(String(formatted.extensions?.code))) return formatted;
      options.logger.error({ err: original }, 'GraphQL operation failed');
      return {
        message: 'Something went wrong on our side; please try again',
        path: formatted.path,
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      };
    },
  });
}
