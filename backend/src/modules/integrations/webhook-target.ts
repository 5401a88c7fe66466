import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction, SocketAddress } from 'node:net';
import { badInput } from '../../common/errors';

/**
 * IPv4 networks a production webhook may never reach: "this network", private, CGNAT, loopback,
 * link-local (cloud metadata), IETF protocol assignments, documentation, benchmarking, multicast
 * and reserved.
 */
const blockedIpv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  blockedIpv4.addSubnet(network, prefix, 'ipv4');

/**
 * IPv6 networks refused whole. Kept apart from the IPv4 list: in one BlockList, Node matches an
 * IPv6 rule such as `::ffff:0:0/96` against every plain IPv4 address too. The ranges that carry
 * an IPv4 address a host could be tunnelled to (IPv4-compatible, local-use NAT64, 6to4, Teredo)
 * are refused rather than decoded: no public webhook receiver needs them.
 */
const blockedIpv6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blockedIpv6.addSubnet(network, prefix, 'ipv6');

/** Prefixes whose last 32 bits are an IPv4 address judged by the IPv4 rules: IPv4-mapped, and NAT64's well-known prefix. */
const embeddingIpv4 = [/^::ffff:(?:0:)?/, /^64:ff9b::/];

/** The IPv4 address an IPv4-mapped or NAT64 IPv6 address stands for; null for any other address. */
function embeddedIpv4(ipv6: string): string | null {
  const normalized = new SocketAddress({ address: ipv6, family: 'ipv6' }).address.toLowerCase();
  const prefix = embeddingIpv4.find((pattern) => pattern.test(normalized));
  if (!prefix) return null;
  const rest = normalized.replace(prefix, '');
  if (isIP(rest) === 4) return rest;
  const groups = rest.split(':');
  if (groups.length !== 2 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const [high, low] = groups.map((group) => parseInt(group, 16));
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blockedIpv4.check(address, 'ipv4');
  if (family !== 6) return false;
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== null) return !blockedIpv4.check(ipv4, 'ipv4');
  return !blockedIpv6.check(address, 'ipv6');
}

/** Where webhooks may go: in production https only, to public addresses only; anywhere in development. */
export interface TargetRules {
  publicHttpsOnly: boolean;
}

/** Checks an endpoint URL's form (before any look-up); answers the parsed URL. */
export function parseTarget(raw: unknown, rules: TargetRules): URL {
  let url: URL;
  try {
    url = new URL(String(raw ?? '').trim());
  } catch {
    throw badInput('The URL is not valid');
  }
  const protocols = rules.publicHttpsOnly ? ['https:'] : ['https:', 'http:'];
  if (!protocols.includes(url.protocol))
    throw badInput(rules.publicHttpsOnly ? 'The URL must start with https://' : 'The URL must be http(s)');
  if (url.username || url.password) throw badInput('The URL must not carry a user name or password');
  return url;
}

const refusedAddress = (host: string) =>
  `${host} resolves to a private, loopback or link-local address; webhooks go to public addresses only`;

/** Resolves the URL's host now and refuses it when any of its addresses is not public (production only). */
export async function assertPublicTarget(url: URL, rules: TargetRules): Promise<void> {
  if (!rules.publicHttpsOnly) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, found) => (error ? reject(badInput(`${host} does not resolve`)) : resolve(found))),
  );
  if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address))) throw badInput(refusedAddress(host));
}

/**
 * The look-up the delivery's connection uses: the addresses it connects to are the ones checked,
 * so a name that resolves differently between the check and the connection (DNS rebinding) is
 * still refused.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as LookupAddress[];
    const bad = list.find(({ address }) => !isPublicAddress(address));
    if (bad || list.length === 0) return callback(new Error(refusedAddress(hostname)), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

/**
 * `Keen-Signature`: `t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}`, as Stripe signs.
 * Deprecated: kept beside the Standard Webhooks headers for one major version.
 */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * The Standard Webhooks headers (standardwebhooks.com): `webhook-id` (the same on every attempt),
 * `webhook-timestamp` and `webhook-signature: v1,{base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")}`,
 * the key being the secret after `whsec_`, base64-decoded (a secret from before is base64url: Node reads both).
 */
export function standardWebhookHeaders(secret: string, messageId: string, body: string, unixSeconds: number): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = createHmac('sha256', key).update(`${messageId}.${unixSeconds}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': String(unixSeconds), 'webhook-signature': `v1,${signed}` };
}

export interface PostResult {
  statusCode: number | null;
  error: string | null;
}

/** POSTs the body; answers the status, or the reason there was none (time-out, refused address, network). */
export function postSigned(
  url: URL,
  body: string,
  headers: Record<string, string>,
  rules: TargetRules,
  timeoutMs: number,
): Promise<PostResult> {
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const noAnswer = new Error(`No answer within ${timeoutMs / 1000} s`);
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Keen-Webhooks/1', ...headers },
        ...(rules.publicHttpsOnly ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
        response.on('error', (error) => resolve({ statusCode: response.statusCode ?? null, error: error.message }));
      },
    );
    // Given up on only after the event loop has read what the sockets hold (setImmediate runs after
    // the poll phase): a busy process whose timer comes due late must not drop an answer already
    // there, which a retry would then deliver twice.
    const timer = setTimeout(() => setImmediate(() => request.destroy(noAnswer)), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', (error) => resolve({ statusCode: null, error: error.message }));
    request.end(body);
  });
}
