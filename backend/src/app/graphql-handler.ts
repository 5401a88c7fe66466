import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type GraphQLRequest, type GraphQLResponse, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import {
  type DocumentNode,
  type FormattedExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql';
import type { DataSource } from 'typeorm';
import { BoundedMap } from '../common/bounded-map';
import { answerToStore, type StoredAnswer } from '../common/read-cache';
import { badInput } from '../common/errors';
import { failureOf, graphQLErrorOf } from '../http-kit/errors';
import { clientAddress } from '../http-kit/client-address';
import { publicReadQueries } from '../modules/auth/public-read';
import { callerFromRequest } from './request-caller';
import type { KeenApolloServer } from './apollo';
import type { AcceptedQuery, CompiledOperations } from './jit-executor';
import { type AppGraphQLContext, type AppServices, createRequestLoaders } from './services';

/** A GraphQL request's answer, before it is written. */
export interface GraphQLAnswer {
  status: number;
  headers: Iterable<[string, string]>;
  /** The whole answer (a stored one as its bytes), or its parts as they come (incremental delivery). */
  body: string | Buffer | AsyncIterable<string>;
}

/** A POST of a query Apollo has accepted before, and the answer's content type. */
interface AcceptedRequest {
  query: AcceptedQuery;
  request: PlainRequest;
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
 *   together (its header map, its content negotiation, its hashing): the same compiled operation,
 *   context and answer. A bad credential goes through Apollo, which refuses it.
 * - An anonymous public query (of root fields declared `@PublicRead`) is answered from the read
 *   cache while nothing has been written since the same query with the same variables was answered.
 * Either way Apollo's plugins see the request (`KeenApolloServer.respond` in app/apollo.ts: their
 * hooks, and errors formatted as Apollo formats them), so a plugin registered once sees every request.
 */
export class GraphQLEndpoint {
  readonly publicQueries: PublicQueries;
  /** The answer's content type by Accept header, as Apollo Server chose it for a single answer. */
  private readonly answerTypes = new BoundedMap<string, string>(100);

  constructor(
    private readonly apollo: KeenApolloServer,
    private readonly operations: CompiledOperations,
    private readonly services: AppServices,
    private readonly db: DataSource,
  ) {
    this.publicQueries = new PublicQueries(operations.schema);
  }

  /**
   * The answer to `req`, whose body is already parsed (`body`; a GET's query is in its URL).
   * `clientAddress` is the client's address key, for counting failed sign-ins and contact messages.
   */
  async answer(req: IncomingMessage, body: unknown, clientAddress: () => string): Promise<GraphQLAnswer> {
    const { readCache } = this.services;
    const anonymousPost = readCache.enabled && req.method === 'POST' && req.headers.authorization === undefined;
    const publicRead = anonymousPost ? this.publicQueries.find(body) : null;
    if (publicRead instanceof UndeclaredVariable) {
      const refusal = JSON.stringify({ errors: [graphQLErrorOf(failureOf(badInput(publicRead.message)))] });
      return { status: 400, headers: [['content-type', 'application/json; charset=utf-8']], body: refusal };
    }
    // Apollo Server refuses (406) an Accept header it cannot answer in JSON: a caller is answered
    // from the cache once Apollo has answered the same Accept header, as it is answered without it.
    const accept = req.headers.accept ?? '';
    const answerType = req.method === 'POST' ? this.answerTypes.get(accept) : undefined;
    if (publicRead && answerType) {
      const stored = await readCache.find(publicRead.key);
      if (stored) return this.answerStored(req, body, publicRead, stored, clientAddress);
    }
    const generation = publicRead ? await readCache.generation() : null;
    const remember = (answer: GraphQLAnswer): GraphQLAnswer => {
      if (!publicRead || !this.answerTypes.has(accept) || typeof answer.body !== 'string' || answer.body.includes('"errors":'))
        return answer;
      const headers = new Map(answer.headers);
      const stored = answerToStore(answer.status, (name) => headers.get(name), answer.body);
      if (stored) readCache.store(publicRead.key, generation, stored);
      return answer;
    };

    const accepted = answerType ? this.acceptedRequest(req, body, answerType) : null;
    if (!accepted) return remember(await this.throughApollo(req, body, () => this.contextOf(req, clientAddress)));
    let contextValue: AppGraphQLContext;
    try {
      contextValue = await this.contextOf(req, clientAddress);
    } catch (error) {
      return this.throughApollo(req, body, () => Promise.reject(error));
    }
    const { query, request } = accepted;
    const response = await this.apollo.respond(
      { request: new PostedRequest(req, body, request), document: query.document, operation: query.operation, contextValue },
      { execute: () => query.run(contextValue, request.variables) },
    );
    return remember(answerOf(response, [['content-type', accepted.contentType]]));
  }

  /** A stored answer, shown to Apollo's plugins as if a plugin's `responseForOperation` had given it. */
  private async answerStored(
    req: IncomingMessage,
    body: unknown,
    read: PublicRead,
    stored: StoredAnswer,
    clientAddress: () => string,
  ): Promise<GraphQLAnswer> {
    const result = new StoredResult(stored.bytes);
    const storedBody = { kind: 'single', singleResult: result } as const;
    const response = await this.apollo.respond(
      {
        request: new PostedRequest(req, body, read.request),
        document: read.query.document,
        operation: read.query.operation,
        contextValue: await this.contextOf(req, clientAddress),
      },
      { stored: storedBody },
    );
    const untouched = response.body === storedBody && !StoredResult.wasRead(result);
    return answerOf(response, Object.entries(stored.headers), untouched ? stored.bytes : undefined);
  }

  private async contextOf(req: IncomingMessage, clientAddress: () => string): Promise<AppGraphQLContext> {
    const { services, db } = this;
    return {
      caller: await callerOf(services, req.headers.authorization, clientAddress),
      services,
      loaders: createRequestLoaders(db, services),
      idempotencyKey: headerText(req.headers['idempotency-key']),
      clientAddress,
    };
  }

  /** A JSON POST of a query Apollo has accepted, answered as `contentType`; null for anything else. */
  private acceptedRequest(req: IncomingMessage, body: unknown, contentType: string): AcceptedRequest | null {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return null;
    const request = plainRequestOf(body);
    const query = request && this.operations.acceptedQuery(request.query, request.operationName);
    return query ? { query, request, contentType } : null;
  }

  private async throughApollo(req: IncomingMessage, body: unknown, context: () => Promise<AppGraphQLContext>): Promise<GraphQLAnswer> {
    const response = await this.apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest: httpRequestOf(req, body), context });
    const status = response.status ?? 200;
    if (response.body.kind !== 'complete') return { status, headers: response.headers, body: response.body.asyncIterator };
    // Apollo negotiates a 200's content type from the Accept header alone (its error answers fall back to JSON).
    const contentType = response.headers.get('content-type');
    if (status === 200 && contentType && JSON_ANSWER_TYPES.has(contentType)) this.answerTypes.set(req.headers.accept ?? '', contentType);
    return { status, headers: response.headers, body: response.body.string };
  }
}

/**
 * A response as Apollo Server writes it: `headers` (the answer's content type) under those the
 * plugins and errors set, and its result's fields in order (errors, data, extensions) with a
 * newline after; `written` when that text is already at hand.
 */
function answerOf(response: GraphQLResponse, headers: [string, string][], written?: Buffer): GraphQLAnswer {
  const status = response.http.status ?? 200;
  let body: string | Buffer | undefined = written;
  if (body === undefined) {
    // Keen's operations answer in one piece; only Apollo writes an incremental (@defer) answer.
    if (response.body.kind !== 'single') throw new Error('An incremental answer is written by Apollo Server');
    const { errors, data, extensions } = response.body.singleResult;
    body = `${JSON.stringify({ errors, data, extensions })}\n`;
  }
  if (response.http.headers.size === 0) return { status, headers, body };
  const merged = new Map(headers);
  for (const [name, value] of response.http.headers) merged.set(name, value);
  return { status, headers: merged, body };
}

/** A request to Apollo Server over HTTP, as its Express integration makes it. */
function httpRequestOf(req: IncomingMessage, body: unknown): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return { method: req.method?.toUpperCase() ?? 'GET', headers, search: searchOf(req.url ?? ''), body };
}

/** A POSTed operation as Apollo's plugins see it: its HTTP request (a header map) made only for a plugin that reads it. */
class PostedRequest implements GraphQLRequest {
  readonly query: string;
  readonly operationName?: string;
  readonly variables: Record<string, unknown>;
  readonly #req: IncomingMessage;
  readonly #body: unknown;
  #http?: HTTPGraphQLRequest;

  constructor(req: IncomingMessage, body: unknown, request: PlainRequest) {
    this.query = request.query;
    this.operationName = request.operationName ?? undefined;
    this.variables = request.variables;
    this.#req = req;
    this.#body = body;
  }

  get http(): HTTPGraphQLRequest {
    return (this.#http ??= httpRequestOf(this.#req, this.#body));
  }
}

/** A stored answer's result (which has no errors), parsed only for a plugin that reads its data. */
class StoredResult implements FormattedExecutionResult {
  readonly errors = undefined;
  readonly #bytes: Buffer;
  #parsed?: FormattedExecutionResult;

  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }

  static wasRead(result: StoredResult): boolean {
    return result.#parsed !== undefined;
  }

  get data() {
    return this.parsed().data;
  }

  get extensions() {
    return this.parsed().extensions;
  }

  private parsed(): FormattedExecutionResult {
    return (this.#parsed ??= JSON.parse(this.#bytes.toString('utf8')) as FormattedExecutionResult);
  }
}

/** Writes a GraphQL answer as it is (a POST is never revalidated: no ETag, which would hash every answer). */
export async function writeGraphQLAnswer(res: ServerResponse, answer: GraphQLAnswer): Promise<void> {
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.statusCode = answer.status;
  if (typeof answer.body === 'string' || Buffer.isBuffer(answer.body)) {
    res.setHeader('content-length', typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.length);
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
      if (req.method === 'POST' || !(typeof answer.body === 'string' || Buffer.isBuffer(answer.body)))
        return await writeGraphQLAnswer(res, answer);
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
    const failure = failureOf(error);
    if (failure.internal) throw error;
    const headers = new HeaderMap(failure.retryAfter !== null ? [['retry-after', String(failure.retryAfter)]] : []);
    throw new GraphQLError(failure.message, {
      extensions: { code: failure.extensions.code, http: { status: failure.status, headers } },
    });
  }
}

/** The longest query text whose answers are kept: longer ones are answered, not cached. */
const MAX_CACHED_DOCUMENT = 8 * 1024;

/** A public query, as the memo keeps it: the hash of its text, the variables it declares, and its parsed operation. */
interface PublicQuery {
  hash: string;
  variables: string[];
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

/** A request for a public query: its cache key, the query and the request. */
interface PublicRead {
  key: string;
  query: PublicQuery;
  request: PlainRequest;
}

export class UndeclaredVariable {
  constructor(readonly message: string) {}
}

/**
 * Anonymous public queries as the read cache keys them (by the hash of their text), remembered by
 * their text (at most 500 of at most 8 KB: query texts are the client's to choose).
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
    const read = this.find(body);
    return read instanceof UndeclaredVariable ? read : (read?.key ?? null);
  }

  /** The request for a public query in `body`, with its cache key (`keyOf`). */
  find(body: unknown): PublicRead | UndeclaredVariable | null {
    const request = plainRequestOf(body);
    if (!request || request.query.length > MAX_CACHED_DOCUMENT) return null;
    const { query, operationName, variables } = request;
    // Found by its text (a map lookup); hashed once, when first seen (a hash each time cost a twentieth of a cached answer's CPU).
    const text = `${operationName ?? ''}\n${query}`;
    let publicQuery = this.parsed.get(text);
    if (publicQuery === undefined) {
      publicQuery = publicQueryOf(query, operationName, createHash('sha256').update(text).digest('base64url'), this.rootFields);
      this.parsed.set(text, publicQuery);
    }
    if (!publicQuery) return null;
    const undeclared = Object.keys(variables).find((name) => !publicQuery.variables.includes(name));
    if (undeclared !== undefined) return new UndeclaredVariable(`Variable "$${undeclared}" is not declared by the operation`);
    // An omitted variable takes its default and an explicit null does not: they answer differently.
    const given = publicQuery.variables.map((name) => (Object.hasOwn(variables, name) ? [variables[name]] : []));
    return { key: `${publicQuery.hash}\n${JSON.stringify(given)}`, query: publicQuery, request };
  }
}

function publicQueryOf(query: string, operationName: string | null, hash: string, rootFields: ReadonlySet<string>): PublicQuery | null {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return null;
  }
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
  if (!operation || (!operationName && operations.length > 1) || operation.operation !== 'query') return null;
  const isPublic = operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && rootFields.has(selection.name.value) && !selection.directives?.length,
  );
  if (!isPublic) return null;
  return {
    hash,
    variables: (operation.variableDefinitions ?? []).map((definition) => definition.variable.name.value),
    document,
    operation,
  };
}

/** A header's value as one text (repeated headers joined as Node joins them); null when absent. */
const headerText = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
