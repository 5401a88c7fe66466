import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ApolloServer, HeaderMap } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import { GraphQLError, type GraphQLSchema, Kind, type OperationDefinitionNode, parse } from 'graphql';
import type { DataSource } from 'typeorm';
import { BoundedMap } from '../common/bounded-map';
import { countGraphQLOperation } from '../common/metrics';
import { answerToStore } from '../common/read-cache';
import { callerErrorOf } from '../http-kit/errors';
import { clientAddress } from '../http-kit/handle';
import { publicReadQueries } from '../modules/auth/public-read';
import { callerFromRequest } from '../modules/request-caller';
import { callerErrorAnswer } from './apollo';
import type { AcceptedQuery, CompiledOperations } from './jit-executor';
import { type AppGraphQLContext, type AppServices, createRequestLoaders } from './services';

/** A GraphQL request's answer, before it is written. */
export interface GraphQLAnswer {
  status: number;
  headers: Iterable<[string, string]>;
  /** The whole answer, or its parts as they come (incremental delivery). */
  body: string | AsyncIterable<string>;
}

/** A POST of a query Apollo has accepted before, with its variables and the answer's content type. */
interface AcceptedRequest {
  query: AcceptedQuery;
  variables: Record<string, unknown>;
  contentType: string;
}

/** A GraphQL POST body as Apollo reads it. */
interface PlainRequest {
  query: string;
  operationName: string | null;
  variables: Record<string, unknown>;
}

/**
 * A POST body Apollo takes as it is: a query text, an operation name or none, variables or none,
 * no extensions (persisted queries and the like are Apollo's); null for anything else.
 */
function plainRequestOf(body: unknown): PlainRequest | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { query, variables = null, operationName = null, extensions } = body as Record<string, unknown>;
  if (typeof query !== 'string' || extensions !== undefined) return null;
  if (operationName !== null && typeof operationName !== 'string') return null;
  if (variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  return { query, operationName, variables: (variables ?? {}) as Record<string, unknown> };
}

/** How Apollo Server types a single JSON answer (by the request's Accept header). */
const JSON_ANSWER_TYPES = new Set(['application/json; charset=utf-8', 'application/graphql-response+json; charset=utf-8']);

/**
 * GraphQL over HTTP, as Apollo's Express integration does it but on Node's own request (the front
 * door answers most POSTs before Express, app/front-door.ts), with two additions:
 * - A query or mutation whose text Apollo Server has accepted before (parsed, validated, run) is
 *   run again without Apollo's request pipeline, which cost as much CPU as the rest of the request
 *   together (its plugins' hooks, its header map, its content negotiation, its hashing): the same
 *   compiled operation, context, metrics and answer. A caller's error (a refused order, say) is
 *   answered as Apollo formats it (`callerErrorAnswer`); any other error, a bad variable or a bad
 *   credential goes back through Apollo (with the result already computed), which formats it.
 * - An anonymous public query (of root fields declared `@PublicRead`) is answered from the read
 *   cache while nothing has been written since the same query with the same variables was answered.
 */
export class GraphQLEndpoint {
  readonly publicQueries: PublicQueries;
  /** The answer's content type by Accept header, as Apollo Server chose it for a single answer. */
  private readonly answerTypes = new BoundedMap<string, string>(100);

  constructor(
    private readonly apollo: ApolloServer<AppGraphQLContext>,
    private readonly operations: CompiledOperations,
    private readonly services: AppServices,
    private readonly db: DataSource,
  ) {
    this.publicQueries = new PublicQueries(operations.schema);
  }

  /**
   * The answer to `req`, whose body is already parsed (`body`; a GET's query is in its URL).
   * `clientAddress` is the client's address key, for counting failed sign-ins.
   */
  async answer(req: IncomingMessage, body: unknown, clientAddress: () => string): Promise<GraphQLAnswer> {
    const { readCache } = this.services;
    const anonymousPost = readCache.enabled && req.method === 'POST' && req.headers.authorization === undefined;
    const publicKey = anonymousPost ? this.publicQueries.keyOf(body) : null;
    if (publicKey instanceof UndeclaredVariable) {
      const refusal = JSON.stringify({ errors: [{ message: publicKey.message, extensions: { code: 'BAD_USER_INPUT' } }] });
      return { status: 400, headers: [['content-type', 'application/json; charset=utf-8']], body: refusal };
    }
    // Apollo Server refuses (406) an Accept header it cannot answer in JSON: a caller is answered
    // from the cache once Apollo has answered the same Accept header, as it is answered without it.
    const accept = req.headers.accept ?? '';
    const answerType = req.method === 'POST' ? this.answerTypes.get(accept) : undefined;
    if (publicKey && answerType) {
      const stored = await readCache.find(publicKey);
      if (stored) return { status: 200, headers: Object.entries(stored.headers), body: stored.body };
    }
    const generation = publicKey ? await readCache.generation() : null;
    const remember = (answer: GraphQLAnswer): GraphQLAnswer => {
      if (!publicKey || !this.answerTypes.has(accept) || typeof answer.body !== 'string' || answer.body.includes('"errors":'))
        return answer;
      const headers = new Map(answer.headers);
      const stored = answerToStore(answer.status, (name) => headers.get(name), answer.body);
      if (stored) readCache.store(publicKey, generation, stored);
      return answer;
    };

    const accepted = answerType ? this.acceptedRequest(req, body, answerType) : null;
    if (!accepted) return remember(await this.throughApollo(req, body, () => this.contextOf(req, clientAddress)));
    const started = performance.now();
    let context: AppGraphQLContext;
    try {
      context = await this.contextOf(req, clientAddress);
    } catch (error) {
      return this.throughApollo(req, body, () => Promise.reject(error));
    }
    const result = await accepted.query.run(context, accepted.variables);
    const headers: [string, string][] = [['content-type', accepted.contentType]];
    if (result.errors) {
      const errors = result.errors.map(callerErrorAnswer);
      if (!errors.every((error) => error !== null))
        return this.throughApollo(req, body, async () => this.operations.handOver(context, accepted.query, result));
      countGraphQLOperation(accepted.query.label, started, true);
      // As Apollo Server writes an answer with errors: errors, data, extensions.
      return { status: 200, headers, body: `${JSON.stringify({ errors, data: result.data, extensions: result.extensions })}\n` };
    }
    countGraphQLOperation(accepted.query.label, started, false);
    // As Apollo Server writes an answer: its fields in order (data, then extensions), a newline after.
    return remember({ status: 200, headers, body: `${JSON.stringify(result)}\n` });
  }

  private async contextOf(req: IncomingMessage, clientAddress: () => string): Promise<AppGraphQLContext> {
    const { services, db } = this;
    return {
      caller: await callerOf(services, req.headers.authorization, clientAddress),
      services,
      loaders: createRequestLoaders(db, services),
      idempotencyKey: headerText(req.headers['idempotency-key']),
    };
  }

  /** A JSON POST of a query Apollo has accepted, answered as `contentType`; null for anything else. */
  private acceptedRequest(req: IncomingMessage, body: unknown, contentType: string): AcceptedRequest | null {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return null;
    const request = plainRequestOf(body);
    const query = request && this.operations.acceptedQuery(request.query, request.operationName);
    return query ? { query, variables: request.variables, contentType } : null;
  }

  private async throughApollo(req: IncomingMessage, body: unknown, context: () => Promise<AppGraphQLContext>): Promise<GraphQLAnswer> {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const response = await this.apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method?.toUpperCase() ?? 'GET', headers, search: searchOf(req.url ?? ''), body },
      context,
    });
    const status = response.status ?? 200;
    if (response.body.kind !== 'complete') return { status, headers: response.headers, body: response.body.asyncIterator };
    // Apollo negotiates a 200's content type from the Accept header alone (its error answers fall back to JSON).
    const contentType = response.headers.get('content-type');
    if (status === 200 && contentType && JSON_ANSWER_TYPES.has(contentType)) this.answerTypes.set(req.headers.accept ?? '', contentType);
    return { status, headers: response.headers, body: response.body.string };
  }
}

/** Writes a GraphQL answer as it is (a POST is never revalidated: no ETag, which would hash every answer). */
export async function writeGraphQLAnswer(res: ServerResponse, answer: GraphQLAnswer): Promise<void> {
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.statusCode = answer.status;
  if (typeof answer.body === 'string') {
    res.setHeader('content-length', Buffer.byteLength(answer.body));
    res.end(answer.body);
    return;
  }
  for await (const chunk of answer.body) res.write(chunk);
  res.end();
}

/** GET /graphql, and the POSTs the front door leaves to Express (large bodies, other charsets), after express.json. */
export function graphqlRoute(endpoint: GraphQLEndpoint) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const answer = await endpoint.answer(req, req.body, () => clientAddress(req));
      if (req.method === 'POST' || typeof answer.body !== 'string') return await writeGraphQLAnswer(res, answer);
      // A GET's answer may be revalidated: Express's send gives it an ETag and answers 304.
      res.set(Object.fromEntries(answer.headers)).status(answer.status).send(answer.body);
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
async function callerOf(services: AppServices, authorization: string | undefined, clientAddress: () => string) {
  try {
    return await callerFromRequest(services, authorization, clientAddress);
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
  private readonly parsed = new BoundedMap<string, PublicQuery | null>(500);
  /** The root fields a public query may select: the queries declared `@PublicRead`, and `__typename`. */
  private readonly rootFields: ReadonlySet<string>;

  constructor(schema: GraphQLSchema) {
    this.rootFields = new Set([...publicReadQueries(schema), '__typename']);
  }

  /**
   * The cache key of a request body holding one public query, or null for anything else: the
   * query's hash and the values of the variables it declares, in their declared order (`[value]`,
   * or `[]` for one the body leaves out). A variable the operation does not declare is refused
   * (GraphQL over HTTP allows it), so that padding a body with junk variables cannot make new entries.
   */
  keyOf(body: unknown): string | UndeclaredVariable | null {
    const request = plainRequestOf(body);
    if (!request || request.query.length > MAX_CACHED_DOCUMENT) return null;
    const { query, operationName, variables } = request;
    const operationKey = createHash('sha256')
      .update(`${operationName ?? ''}\n${query}`)
      .digest('base64url');
    let publicQuery = this.parsed.get(operationKey);
    if (publicQuery === undefined) {
      publicQuery = publicQueryOf(query, operationName, operationKey, this.rootFields);
      this.parsed.set(operationKey, publicQuery);
    }
    if (!publicQuery) return null;
    const undeclared = Object.keys(variables).find((name) => !publicQuery.variables.includes(name));
    if (undeclared !== undefined) return new UndeclaredVariable(`Variable "$${undeclared}" is not declared by the operation`);
    // An omitted variable takes its default and an explicit null does not: they answer differently.
    const given = publicQuery.variables.map((name) => (Object.hasOwn(variables, name) ? [variables[name]] : []));
    return `${publicQuery.hash}\n${JSON.stringify(given)}`;
  }
}

function publicQueryOf(query: string, operationName: string | null, hash: string, rootFields: ReadonlySet<string>): PublicQuery | null {
  let operations: OperationDefinitionNode[];
  try {
    operations = parse(query).definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  } catch {
    return null;
  }
  const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
  if (!operation || (!operationName && operations.length > 1) || operation.operation !== 'query') return null;
  const isPublic = operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && rootFields.has(selection.name.value) && !selection.directives?.length,
  );
  return isPublic ? { hash, variables: (operation.variableDefinitions ?? []).map((definition) => definition.variable.name.value) } : null;
}

/** A header's value as one text (repeated headers joined as Node joins them); null when absent. */
const headerText = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
