import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ReadCache } from '../common/read-cache';
import { sendGetAnswer } from '../http-kit/etag';
import { clientPageKey } from '../http-kit/static-files';
import { requestIdOf } from '../http-kit/access-log';
import { sendFailure, sendGraphQLFailure, sendRestFailure, UnreadableBody } from '../http-kit/errors';
import { clientAddressKey } from '../http-kit/client-address';
import type { KnownPublicRead, PublicReadRoutes } from '../http-kit/public-reads';
import type { StartAnswer } from '../http-kit/pipeline';
import { type GraphQLEndpoint, writeGraphQLAnswer } from './graphql-handler';

/** Express's route of the client's pages (app.ts), the metrics label of a page answered here. */
const CLIENT_ROUTE = '/{*path}';

/** The largest GraphQL body read here; larger ones go to Express (its limit is 1 MB). */
const MAX_READ_BODY = 64 * 1024;

export interface FrontDoorParts {
  readCache: ReadCache;
  publicReads: PublicReadRoutes;
  graphql: Pick<GraphQLEndpoint, 'answer'>;
  /** The work every request gets once: its id, access-log line, metrics and security headers (http-kit/pipeline.ts). */
  startAnswer: StartAnswer;
  /** The client's address, through the proxies Keen trusts (as Express's `req.ip`). */
  addressOf: (req: IncomingMessage) => string | undefined;
  logger: Logger;
}

/**
 * Every request comes in here. Its answer is started once (`startAnswer`: request id, access-log
 * line, metrics, security headers), then what is hot is answered here, before Express, which costs
 * about 0.09 ms of CPU per request just to enter (measured against the same handler outside it):
 * anonymous GETs to the public-read routes (the product and review lists: from the read cache, or
 * by the route's own work), and GraphQL POSTs with a small JSON body, signed in or not. Everything
 * else goes to `app`, whose chain does none of the pipeline's work again. Answered here as behind
 * Express: ETag and 304 on GETs, and the same failure answers.
 */
export function frontDoor(parts: FrontDoorParts, app: RequestListener): RequestListener {
  const { publicReads, startAnswer } = parts;
  return (req, res) => {
    const read = req.method === 'GET' && req.headers.authorization === undefined ? publicReads.find(req.url ?? '') : null;
    const graphql = read === null && req.method === 'POST' && req.url === '/graphql' && isSmallJson(req);
    const page = read === null && !graphql && parts.readCache.enabled ? clientPageKey(req) : null;
    if (page !== null) return void answerPage(parts, req, res, page, app);
    startAnswer(req, res, read ? read.route : graphql ? '/graphql' : null);
    if (read) void answerPublicRead(parts, req, res, read);
    else if (graphql) void answerGraphQL(parts, req, res);
    else app(req, res);
  };
}

/** A product's or collection's page as kept after Express last made it; Express makes it when nothing is kept. */
async function answerPage(parts: FrontDoorParts, req: IncomingMessage, res: ServerResponse, key: string, app: RequestListener) {
  const stored = await parts.readCache.find(key);
  // Labelled as Express labels the route that makes it.
  parts.startAnswer(req, res, stored ? CLIENT_ROUTE : null);
  if (stored) sendGetAnswer(req, res, stored);
  else app(req, res);
}

/** An anonymous GET to a public-read route, as the route answers it behind Express. */
async function answerPublicRead(parts: FrontDoorParts, req: IncomingMessage, res: ServerResponse, read: KnownPublicRead): Promise<void> {
  try {
    await read.answer(req, res, parts.readCache.enabled ? read.key : null);
  } catch (error) {
    sendRestFailure(res, error, parts.logger);
  }
}

async function answerGraphQL(parts: FrontDoorParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const log = (failure: unknown) => parts.logger.error({ err: failure, reqId: requestIdOf(req) }, 'request failed');
  let text: string;
  try {
    text = await readBody(req);
  } catch {
    // The client went away or sent less than it declared; express.json answers it the same way.
    return sendGraphQLFailure(res, new UnreadableBody(400, 'The request body could not be read'), log);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return sendGraphQLFailure(res, new UnreadableBody(400, 'The request body is not valid JSON'), log);
  }
  try {
    const answer = await parts.graphql.answer(req, body, () => clientAddressKey(parts.addressOf(req) ?? 'unknown'));
    await writeGraphQLAnswer(res, answer);
  } catch (error) {
    sendFailure(res, error, log);
  }
}

/**
 * A JSON body in UTF-8 of a known, small length, not compressed: read here; anything else is left
 * to Express (express.json decodes the other charsets a client may declare).
 */
function isSmallJson(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length']);
  return (
    /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i.test(req.headers['content-type'] ?? '') &&
    req.headers['content-encoding'] === undefined &&
    Number.isInteger(length) &&
    length > 0 &&
    length <= MAX_READ_BODY
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}
