// Receives Keen's webhooks and checks Keen-Signature. Run: KEEN_WEBHOOK_SECRET=whsec_... PORT=8787 node verify-keen-signature.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** True when `header` signs `rawBody` with `secret` and was made within `toleranceSeconds`. */
export function verifyKeenSignature(secret, header, rawBody, toleranceSeconds = 300) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.split('=', 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

http
  .createServer((req, res) => {
    let body = '';
    req
      .setEncoding('utf8')
      .on('data', (chunk) => (body += chunk))
      .on('end', () => {
        const valid = verifyKeenSignature(process.env.KEEN_WEBHOOK_SECRET, req.headers['keen-signature'], body);
        // Keen-Event-Id is the same on every retry: remember it to act on each event once.
        if (valid) process.stdout.write(`${req.headers['keen-event-id']} ${JSON.parse(body).type}\n`);
        res.writeHead(valid ? 204 : 400).end();
      });
  })
  .listen(Number(process.env.PORT ?? 8787), '127.0.0.1');
