import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Client } from 'pg';
import { copyTo } from '../../src/db/copy-streams';

/** A sink that is full after one byte and takes nothing more until `release` is called. */
function cloggedSink() {
  let held: (() => void) | null = null;
  let released = false;
  const received: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      received.push(chunk);
      if (released) callback();
      else held = callback;
    },
  });
  const release = () => {
    released = true;
    held?.();
  };
  return { sink, received, release };
}

describe('COPY ... TO STDOUT into a sink that is full', () => {
  let client: Client;
  beforeEach(async () => {
    client = new Client({ connectionString: process.env.KEEN_TEST_SERVER_URL });
    await client.connect();
  });
  afterEach(() => client.end());

  it('the statement ends while the socket is paused for the sink, the sink is ended before it drains: the next query still answers', async () => {
    const { sink, received, release } = cloggedSink();
    // 200 short rows arrive in one read from the socket: the first fills the sink and pauses the socket,
    // the rest, and the statement's end, are read from the same buffer.
    const rows = await copyTo(client, 'COPY (SELECT i FROM generate_series(1, 200) AS i) TO STDOUT', sink);
    expect(rows).toBe(200);
    // As the backup does: the table's sink is ended, and then drained. An ended stream never emits 'drain'.
    sink.end();
    release();
    await finished(sink);
    expect(Buffer.concat(received).toString()).toBe(Array.from({ length: 200 }, (_, i) => `${i + 1}\n`).join(''));
    const next = await Promise.race([
      client.query<{ answer: number }>('SELECT 42 AS answer').then(({ rows: [row] }) => row.answer),
      new Promise((resolve) => setTimeout(() => resolve('no answer within 5 s: the socket stayed paused'), 5_000)),
    ]);
    expect(next).toBe(42);
  });

  it('a sink that drains while the COPY goes on gets every row, in order', async () => {
    const received: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk);
        setImmediate(callback);
      },
    });
    const rows = await copyTo(client, `COPY (SELECT i, repeat('x', 100) FROM generate_series(1, 20000) AS i) TO STDOUT`, slow);
    expect(rows).toBe(20_000);
    slow.end();
    await finished(slow);
    const lines = Buffer.concat(received).toString().trimEnd().split('\n');
    expect(lines).toHaveLength(20_000);
    expect(lines[19_999]).toBe(`20000\t${'x'.repeat(100)}`);
    expect((await client.query<{ answer: number }>('SELECT 42 AS answer')).rows[0].answer).toBe(42);
  });
});
