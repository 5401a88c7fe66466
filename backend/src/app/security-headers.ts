import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config';

type Directives = Record<string, string[]>;

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
/** The home page's embedded videos. */
const VIDEOS = ['https://www.youtube-nocookie.com'];

/**
 * The Content-Security-Policy of the shop's pages and GraphiQL: our own scripts and workers only,
 * plus what the settings switch on: Firebase's sign-in endpoints (or the Auth Emulator), Stripe
 * Elements only when Stripe keys are set. Inline styles are allowed (MUI and GraphiQL write them);
 * nothing may frame the shop.
 */
export function contentSecurityPolicy(config: Config): Directives {
  const stripe = config.stripe.publishableKey !== null;
  const emulator = config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [];
  // A real project: the token endpoints, and Google sign-in's popup helper (a script and an iframe).
  const firebase = emulator.length ? emulator : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const firebaseFrames = emulator.length ? emulator : [`https://${config.firebase.authDomain}`];
  const firebaseScripts = emulator.length ? [] : ['https://apis.google.com'];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...firebaseScripts, ...(stripe ? STRIPE.script : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Images come only from the shop and its bucket: a photo URL elsewhere could be a tracking pixel.
    // blob: is the photo preview the browser makes of a file chosen for upload.
    'img-src': ["'self'", 'data:', 'blob:', ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...firebase, ...(stripe ? STRIPE.connect : [])],
    'frame-src': [...VIDEOS, ...firebaseFrames, ...(stripe ? STRIPE.frame : [])],
    // GraphiQL's Monaco editor runs in workers bundled with the page.
    'worker-src': ["'self'", 'blob:'],
  };
}

/** HTTP Strict Transport Security: production only, where the shop is served over https. */
export function usesHsts(config: Pick<Config, 'env'>): boolean {
  return config.env === 'production';
}

/**
 * helmet's headers (nosniff, Referrer-Policy, no framing, the CSP above, HSTS in production), as
 * one list worked out once: none of them depends on the request, and building them per request
 * cost every answer its share.
 */
export function securityHeaderList(config: Config): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => {},
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: usesHsts(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Google sign-in talks to its popup window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Embedded videos and Stripe's frames are not served with CORP headers.
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}
