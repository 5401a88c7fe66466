// What `npm run test:chaos` (test-chaos.mjs) receives Keen's mails and webhooks with: a small SMTP
// server in its own process and a webhook receiver on a thread of it, each able to fail on purpose for a while.
import { createHmac, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Worker } from 'node:worker_threads';

/**
 * An SMTP server on a free port of 127.0.0.1 that keeps every message it accepts (its To and
 * decoded Subject). While `refusing`, it answers each new connection `421` and closes it, as a mail
 * server that is shutting down or overloaded does; a session already open goes on.
 */
export async function startSmtpServer() {
  const messages = [];
  const sockets = new Set();
  const state = { refusing: false, refused: 0 };
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    if (state.refusing) {
      state.refused += 1;
      socket.end('421 4.3.2 Service not available, closing transmission channel\r\n');
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    const reply = (line) => socket.write(`${line}\r\n`);
    let buffer = '';
    let data = null;
    let recipients = [];
    socket.setEncoding('latin1');
    reply('220 keen-chaos ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line !== '.') {
            data.push(line.startsWith('.') ? line.slice(1) : line);
            continue;
          }
          messages.push({ to: recipients, ...headersOf(data), at: Date.now() });
          data = null;
          recipients = [];
          reply('250 2.0.0 Queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-keen-chaos\r\n250-8BITMIME\r\n250 SIZE 10485760');
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 OK');
        else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? '');
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
        else reply('502 5.5.2 Command not recognized');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    messages,
    state,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  };
}

/** The message's Subject (unfolded, RFC 2047 words decoded). */
function headersOf(lines) {
  const end = lines.indexOf('');
  const unfolded = [];
  for (const line of lines.slice(0, end === -1 ? lines.length : end)) {
    if (/^[ \t]/.test(line) && unfolded.length) unfolded[unfolded.length - 1] += ` ${line.trim()}`;
    else unfolded.push(line);
  }
  const subject = unfolded.find((line) => /^subject:/i.test(line))?.replace(/^subject:\s*/i, '') ?? '';
  return { subject: decodeWords(subject) };
}

function decodeWords(text) {
  return text.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, _charset, encoding, body) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(body, 'base64').toString('utf8')
      : Buffer.from(
          body.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (__, hex) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The receiver's thread: answers each POST at once (500 while the shared flag says failing), then tells the main thread. */
const WEBHOOK_RECEIVER_THREAD = `
const http = require('node:http');
const { parentPort, workerData: failing } = require('node:worker_threads');
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const status = Atomics.load(failing, 0) === 1 ? 500 : 204;
    res.writeHead(status).end();
    parentPort.postMessage({
      endpoint: req.url.slice(1),
      eventId: String(req.headers['keen-event-id'] ?? ''),
      signature: String(req.headers['keen-signature'] ?? ''),
      body: Buffer.concat(chunks).toString('utf8'),
      status,
      at: Date.now(),
    });
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
`;

/**
 * A webhook receiver on a free port of 127.0.0.1: `/<name>` is endpoint `name`, whose signing
 * secret is set with `secrets.set(name, secret)`. It keeps every delivery it is sent (endpoint,
 * Keen-Event-Id, whether Keen-Signature checks out, the status it answered, when). While
 * `failing`, it answers 500 (and the delivery counts as failed); otherwise 204. It answers from a
 * thread of its own, as a real receiver elsewhere would: the load this process drives must not
 * make it slow to answer, which Keen would take for no answer and retry.
 */
export async function startWebhookReceiver() {
  const deliveries = [];
  const secrets = new Map();
  const failing = new Int32Array(new SharedArrayBuffer(4));
  const state = {
    get failing() {
      return Atomics.load(failing, 0) === 1;
    },
    set failing(value) {
      Atomics.store(failing, 0, value ? 1 : 0);
    },
  };
  const thread = new Worker(WEBHOOK_RECEIVER_THREAD, { eval: true, workerData: failing });
  const port = await new Promise((resolve, reject) => {
    thread.once('error', reject);
    thread.on('message', (message) => {
      if ('port' in message) return resolve(message.port);
      const { signature, body, ...delivery } = message;
      deliveries.push({ ...delivery, signed: signedBy(secrets.get(delivery.endpoint), body, signature) });
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    secrets,
    state,
    close: () => thread.terminate(),
  };
}

/** Whether `header` (`t=<unix seconds>,v1=<hex>`) is the HMAC-SHA256 of `<t>.<body>` with `secret`, as integrators check it. */
function signedBy(secret, body, header) {
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1];
  if (!secret || !t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
