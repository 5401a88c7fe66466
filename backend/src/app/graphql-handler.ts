import { createHash } from 'node:crypto';
import { type ApolloServer, HeaderMap } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import { GraphQLError, Kind, type OperationDefinitionNode, parse } from 'graphql';
import type { DataSource } from 'typeorm';
import { replay, sentAnswer } from '../common/read-cache';
import { callerErrorOf } from '../http-kit/errors';
import { callerFromRequest } from '../modules/request-caller';
import { type AppGraphQLContext, type AppServices, createRequestLoaders } from './services';

/** Root fields whose answers depend only on public rows (and on the caller, who is anonymous here). */
const PUBLIC_ROOT_FIELDS = new Set(['products', 'product', 'reviews', 'engravingFonts', '__typename']);

/**
 * POST/GET /graphql, as Apollo's Express integration does it, with one addition: an anonymous
 * public query (see PUBLIC_ROOT_FIELDS) is answered from the read cache while nothing has been
 * written since the same query with the same variables was answered.
 */
export function graphqlHandler(
  apollo: ApolloServer<AppGraphQLContext>,
  services: AppServices,
  db: DataSource,
  publicQueries: PublicQueries,
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { readCache } = services;
      const body: unknown = req.body;
      const cacheable = readCache.enabled && req.method === 'POST' && req.headers.authorization === undefined;
      const key = cacheable ? publicQueries.keyOf(body) : null;
      if (key instanceof UndeclaredVariable) {
        res.status(400).json({ errors: [{ message: key.message, extensions: { code: 'BAD_USER_INPUT' } }] });
        return;
      }
      if (key) {
        const stored = req.readCacheMiss === key ? null : await readCache.find(key);
        if (stored) return replay(res, stored);
      }
      const generation = key ? await readCache.generation() : null;

      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: searchOf(req.url), body },
        context: async () => ({ caller: await callerOf(services, req), services, loaders: createRequestLoaders(db, services) }),
      });
      for (const [name, value] of response.headers) res.setHeader(name, value);
      res.statusCode = response.status ?? 200;
      if (response.body.kind === 'complete') {
        // A POST is never revalidated: its answer goes out without Express's ETag (a hash of every answer).
        if (req.method === 'POST') res.setHeader('content-length', Buffer.byteLength(response.body.string)).end(response.body.string);
        else res.send(response.body.string);
        const sent = key && !response.body.string.includes('"errors":') ? sentAnswer(res, response.body.string) : null;
        if (key && sent) readCache.store(key, generation, sent);
        return;
      }
      for await (const chunk of response.body.asyncIterator) res.write(chunk);
      res.end();
    } catch (error) {
      next(error);
    }
  };
}

/** The query string of a request path, `?` included ('' without one), as URL.search has it. */
function searchOf(url: string): string {
  const start = url.indexOf('?');
  return start < 0 || start === url.length - 1 ? '' : url.slice(start);
}

/** The caller, or a GraphQL error for a bad token: 401 (or 429, or 503), not Apollo's default 500. */
async function callerOf(services: AppServices, req: Request) {
  try {
    return await callerFromRequest(services, req);
  } catch (error) {
    const callerError = callerErrorOf(error);
    if (!callerError) throw error;
    const headers = new HeaderMap(callerError.retryAfter !== null ? [['retry-after', String(callerError.retryAfter)]] : []);
    throw new GraphQLError(callerError.message, {
      extensions: { code: callerError.code, http: { status: callerError.status, headers } },
    });
  }
}

/** The longest query text whose answers are kept: longer ones are answered, not cached. */
const MAX_CACHED_DOCUMENT = 8 * 1024;

/** A public query, as the memo keeps it: the hash of its text and the variables it declares. */
interface PublicQuery {
  hash: string;
  variables: string[];
}

export class UndeclaredVariable {
  constructor(readonly message: string) {}
}

/**
 * Anonymous public queries as the read cache keys them, remembered by the hash of their text (at
 * most 500: query texts are the client's to choose).
 */
export class PublicQueries {
  private readonly parsed = new BoundedMemo<string, PublicQuery | null>(500);

  /**
   * The cache key of a request body holding one public query, or null for anything else: the
   * query's hash and the values of the variables it declares, in their declared order. A variable
   * the operation does not declare is refused (GraphQL over HTTP allows it), so that padding a body
   * with junk variables cannot make new entries.
   */
  keyOf(body: unknown): string | UndeclaredVariable | null {
    if (typeof body !== 'object' || body === null) return null;
    const { query, variables = null, operationName = null, extensions } = body as Record<string, unknown>;
    if (typeof query !== 'string' || query.length > MAX_CACHED_DOCUMENT || extensions !== undefined) return null;
    if (operationName !== null && typeof operationName !== 'string') return null;
    if (variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
    const operationKey = createHash('sha256')
      .update(`${operationName ?? ''}\n${query}`)
      .digest('base64url');
    let publicQuery = this.parsed.get(operationKey);
    if (publicQuery === undefined) {
      publicQuery = publicQueryOf(query, operationName, operationKey);
      this.parsed.set(operationKey, publicQuery);
    }
    if (!publicQuery) return null;
    const given = (variables ?? {}) as Record<string, unknown>;
    const undeclared = Object.keys(given).find((name) => !publicQuery.variables.includes(name));
    if (undeclared !== undefined) return new UndeclaredVariable(`Variable "$${undeclared}" is not declared by the operation`);
    return `${publicQuery.hash}\n${JSON.stringify(publicQuery.variables.map((name) => given[name] ?? null))}`;
  }
}

function publicQueryOf(query: string, operationName: string | null, hash: string): PublicQuery | null {
  let operations: OperationDefinitionNode[];
  try {
    operations = parse(query).definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  } catch {
    return null;
  }
  const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
  if (!operation || (!operationName && operations.length > 1) || operation.operation !== 'query') return null;
  const isPublic = operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && PUBLIC_ROOT_FIELDS.has(selection.name.value) && !selection.directives?.length,
  );
  return isPublic ? { hash, variables: (operation.variableDefinitions ?? []).map((definition) => definition.variable.name.value) } : null;
}

/** A Map that forgets its oldest entry past `limit` (query texts are the client's to choose). */
class BoundedMemo<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (this.size >= this.limit) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}
