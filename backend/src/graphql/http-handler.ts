import { type ApolloServer, HeaderMap } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import { GraphQLError, Kind, type OperationDefinitionNode, parse } from 'graphql';
import type { DataSource } from 'typeorm';
import { replay, sentAnswer } from '../common/read-cache';
import { callerFromRequest, createLoaders, type RequestContext } from '../context';
import { callerErrorOf } from '../http/http-errors';
import type { Services } from '../services';

/** Root fields whose answers depend only on public rows (and on the caller, who is anonymous here). */
const PUBLIC_ROOT_FIELDS = new Set(['products', 'product', 'reviews', 'engravingFonts', '__typename']);

/**
 * POST/GET /graphql, as Apollo's Express integration does it, with one addition: an anonymous
 * public query (see PUBLIC_ROOT_FIELDS) is answered from the read cache while nothing has been
 * written since the same query with the same variables was answered.
 */
export function graphqlHandler(apollo: ApolloServer<RequestContext>, services: Services, db: DataSource) {
  const publicQueries = new BoundedMemo<string, boolean>(500);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { readCache } = services;
      const body: unknown = req.body;
      const key =
        readCache.enabled && req.method === 'POST' && req.headers.authorization === undefined ? publicQueryKey(body, publicQueries) : null;
      if (key) {
        const stored = await readCache.find(key);
        if (stored) return replay(res, stored);
      }
      const generation = key ? await readCache.generation() : null;

      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: new URL(req.url, 'http://x').search, body },
        context: async () => ({ caller: await callerOf(services, req), services, loaders: createLoaders(db) }),
      });
      for (const [name, value] of response.headers) res.setHeader(name, value);
      res.statusCode = response.status ?? 200;
      if (response.body.kind === 'complete') {
        res.send(response.body.string);
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

/** The caller, or a GraphQL error for a bad token: 401 (or 429, or 503), not Apollo's default 500. */
async function callerOf(services: Services, req: Request) {
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

/** The cache key of a request body holding one public query, or null for anything else. */
function publicQueryKey(body: unknown, publicQueries: BoundedMemo<string, boolean>): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { query, variables, operationName, extensions } = body as Record<string, unknown>;
  if (typeof query !== 'string' || extensions !== undefined) return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  const operationKey = `${operationName ?? ''}\n${query}`;
  let isPublic = publicQueries.get(operationKey);
  if (isPublic === undefined) {
    isPublic = isPublicQuery(query, operationName ?? null);
    publicQueries.set(operationKey, isPublic);
  }
  return isPublic ? JSON.stringify([operationName ?? null, query, variables ?? null]) : null;
}

function isPublicQuery(query: string, operationName: string | null): boolean {
  let operations: OperationDefinitionNode[];
  try {
    operations = parse(query).definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  } catch {
    return false;
  }
  const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
  if (!operation || (!operationName && operations.length > 1) || operation.operation !== 'query') return false;
  return operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && PUBLIC_ROOT_FIELDS.has(selection.name.value) && !selection.directives?.length,
  );
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
