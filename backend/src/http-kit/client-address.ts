import { isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The address failed sign-ins are counted by (the proxy's client address behind a trusted proxy).
 * An IPv6 client is keyed by its /64: one subscriber usually holds a whole /64, and could
 * otherwise take a fresh address for every attempt.
 */
export function clientAddress(req: Request): string {
  return clientAddressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** `clientAddress` for an address found before Express (app/front-door.ts). */
export function clientAddressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
