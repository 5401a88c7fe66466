import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../../src/common/errors';
import { DecodeQueue } from '../../src/modules/uploads/decode-queue';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

const BUSY = 'Too many images are being processed; try again in a few seconds';

/** A promise and the function that settles it, to hold a place in the queue for as long as a test needs. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

describe('DecodeQueue', () => {
  it('refuses a decode that waited past its limit with a 503 and Retry-After, and still runs the one in flight', async () => {
    const queue = new DecodeQueue(1, 200);
    const first = held();
    const running = queue.run(() => first.done.then(() => 'first'));
    const refused = await queue.run(async () => 'second').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: 5, message: BUSY });
    first.release();
    expect(await running).toBe('first');
    // The refused one left the line: the place is free again.
    expect(await queue.run(async () => 'third')).toBe('third');
  });

  it('runs at most `concurrency` at once and the waiting ones in order of arrival', async () => {
    const queue = new DecodeQueue(2, 10_000);
    const started: string[] = [];
    const holds = new Map(['a', 'b', 'c', 'd'].map((name) => [name, held()]));
    const runs = [...holds].map(([name, hold]) =>
      queue.run(async () => {
        started.push(name);
        await hold.done;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    holds.get('b')!.release();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    holds.get('a')!.release();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    for (const hold of holds.values()) hold.release();
    await Promise.all(runs);
  });
});

describe('POST /api/uploads with one decode at a time and a 200 ms wait', () => {
  let app: TestApp;
  let dataDir: string;
  let customer: TestSession;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'keen-decode-queue-'));
    // The cap is raised so that a 39.7 MP image is decoded: an interlaced PNG of that size takes about a second.
    app = await startTestApp({
      DATA_DIR: dataDir,
      UPLOAD_DECODE_CONCURRENCY: '1',
      UPLOAD_DECODE_WAIT_SECONDS: '0.2',
      UPLOAD_MAX_MEGAPIXELS: '40',
    });
    customer = await app.customer();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(bytes: Buffer) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    const response = await fetch(`${app.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as { data?: { url: string }; message?: string },
    };
  }

  it('answers the upload that waited too long for a decode with 503 and Retry-After, and stores only the other', async () => {
    const slow = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#c33' } })
      .png({ progressive: true })
      .toBuffer();
    const answers = await Promise.all([upload(slow), upload(slow)]);
    const stored = answers.find((answer) => answer.status === 200);
    const refused = answers.find((answer) => answer.status !== 200);
    expect(stored?.body.data?.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(refused).toEqual({ status: 503, retryAfter: '5', body: { message: BUSY } });
    // The stored image and its three smaller widths.
    expect(readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(4);

    const later = await upload(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .png()
        .toBuffer(),
    );
    expect(later.status).toBe(200);
  });
});
