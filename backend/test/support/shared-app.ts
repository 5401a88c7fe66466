import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../../src/common/logger';
import { startTestApp, type TestApp, type TestAppOptions } from './harness';
import { restClient } from './rest-client';

/**
 * One app and a REST client for it, for the enclosing describe block (or the file): started before
 * its tests, closed after them. Tests read `shop.app` and `shop.api`.
 */
export function sharedApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const shop = {} as { app: TestApp; api: ReturnType<typeof restClient> };
  beforeAll(async () => {
    shop.app = await startTestApp(env, options);
    shop.api = restClient(shop.app);
  });
  afterAll(() => shop.app?.close());
  return shop;
}

/** A logger at the level `npm start` uses whose lines are kept, for tests that read what was logged. */
export function capturedLogs(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const capture = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', capture) };
}
