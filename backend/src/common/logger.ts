import { type DestinationStream, pino } from 'pino';

/** Never logged: bearer tokens, cookies, Stripe signatures, passwords and tokens in logged objects. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["stripe-signature"]',
  'password',
  '*.password',
  'token',
  '*.token',
  'idToken',
  '*.idToken',
];

export function createLogger(level: string, destination?: DestinationStream) {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
