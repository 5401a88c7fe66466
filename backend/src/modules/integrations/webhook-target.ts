import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { badInput } from '../../common/errors';

/** Addresses a production webhook may never reach: loopback, private, link-local (cloud metadata), and the like. */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
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

/** `Keen-Signature`: `t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}`, as Stripe signs. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
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
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Keen-Webhooks/1', ...headers },
        ...(rules.publicHttpsOnly ? { lookup: publicOnlyLookup } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
        response.on('error', (error) => resolve({ statusCode: response.statusCode ?? null, error: error.message }));
      },
    );
    request.on('error', (error) =>
      resolve({ statusCode: null, error: error.name === 'AbortError' ? `No answer within ${timeoutMs / 1000} s` : error.message }),
    );
    request.end(body);
  });
}
