import { ApolloServer, ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import { AppError } from '../common/errors';
import { graphqlMetricsPlugin } from '../common/metrics';
import type { RequestContext } from '../context';

/** Errors about the request itself (from GraphQL, or a bad token in the context); safe to show as they are. */
const CLIENT_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'OPERATION_RESOLUTION_FAILURE', 'UNAUTHENTICATED', 'SERVICE_UNAVAILABLE']);

export function createApolloServer(schema: GraphQLSchema, options: { production: boolean; logger: Logger; plugins?: ApolloServerPlugin<RequestContext>[] }) {
  const armor = new ApolloArmor({
    maxDepth: { n: 10, ignoreIntrospection: true },
    maxAliases: { n: 15 },
    maxDirectives: { n: 20 },
    maxTokens: { n: 2000 },
    costLimit: { maxCost: 5000, ignoreIntrospection: true },
    // Suggestions ("Did you mean ...?") map the schema for an attacker; keep them for developers.
    blockFieldSuggestion: { enabled: options.production },
  });
  const protection = armor.protect();
  return new ApolloServer<RequestContext>({
    schema,
    introspection: true,
    validationRules: protection.validationRules,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: !options.production,
    plugins: [...protection.plugins, ApolloServerPluginLandingPageDisabled(), graphqlMetricsPlugin, ...(options.plugins ?? [])],
    formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
      const original = unwrapResolverError(error);
      if (original instanceof AppError) return { message: original.message, locations: formatted.locations, path: formatted.path, extensions: { code: original.code } };
      if (CLIENT_ERROR_CODES.has(String(formatted.extensions?.code))) return formatted;
      options.logger.error({ err: original }, 'GraphQL operation failed');
      return { message: 'Something went wrong on our side; please try again', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    },
  });
}
