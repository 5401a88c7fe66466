import type { GraphQLSchema } from 'graphql';
import { Extensions } from 'type-graphql';

/** The extension `@PublicRead` puts on a field of the built schema. */
const PUBLIC_READ = 'keenPublicRead';

/**
 * Declares, beside a query, that its answer depends only on public rows and on the caller, who is
 * anonymous when it is cached: an anonymous query made only of such fields is answered from the
 * read cache (app/graphql-handler.ts). test/performance/public-reads.test.ts lists the public
 * queries: adding one there, with an example, is how a review sees it.
 */
export const PublicRead = () => Extensions({ [PUBLIC_READ]: true });

/** The names of the schema's root queries declared with `@PublicRead`. */
export function publicReadQueries(schema: GraphQLSchema): string[] {
  const fields = Object.values(schema.getQueryType()?.getFields() ?? {});
  return fields.filter((field) => field.extensions[PUBLIC_READ] === true).map((field) => field.name);
}
