import { type App, cert, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import { createSecretKey, type KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import jwt from 'jsonwebtoken';
import type { Config } from '../../config';
import { AppError, unauthenticated } from '../../common/errors';

/** A person the identity provider vouches for. */
export interface Identity {
  email: string;
  name: string | null;
  picture: string | null;
  /** The identity provider has confirmed that this person reads mail at `email`. */
  emailVerified: boolean;
  /** Keen access tokens only: the user's token-valid-since stamp they were issued under. */
  accessTokenValidSince?: number;
  /** Firebase ID tokens only: when the token was issued (ms). */
  issuedAt?: number;
}

const ACCESS_TOKEN_ISSUER = 'keen';
/**
 * Keen signs its access tokens with its own secret (HS256); Firebase signs ID tokens with its keys
 * (RS256; none on the Auth Emulator). So a token's header says which check it needs, and only that
 * check decodes its payload. A token that claims the wrong kind fails that check.
 */
const ACCESS_TOKEN_ALGORITHM = 'HS256';
/** Short, so an account disabled or deleted at Firebase loses its access tokens within the hour. */
const ACCESS_TOKEN_LIFETIME = '1h';
/** firebase-admin's codes for "could not ask", as opposed to "the token is bad". */
const UNREACHABLE_CODES = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);

/**
 * In production every ID token is checked against Firebase for revocation and disabled accounts,
 * so "sign out everywhere" and disabling an account work at once. (firebase-admin always does so
 * against the Auth Emulator.)
 */
export function checksRevocation(config: Pick<Config, 'env'>): boolean {
  return config.env === 'production';
}

/**
 * Checks bearer tokens: Firebase ID tokens (verified by firebase-admin, or by the Auth Emulator
 * in development) and Keen's own access tokens, which the REST layer hands out in exchange for a
 * verified ID token.
 */
export class IdentityService {
  private readonly app: App;
  readonly auth: Auth;
  /** A key object made once: given a string, jsonwebtoken tries (and fails) to read it as a public key on every call. */
  private readonly accessTokenKey: KeyObject;

  constructor(private readonly config: Config) {
    if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
    const account = config.firebase.serviceAccount;
    // Checks of ID tokens reuse a bounded set of connections, instead of one new one per request in a rush.
    const agentOptions = { keepAlive: true, maxSockets: 32 };
    const httpAgent = config.firebase.emulatorHost ? new http.Agent(agentOptions) : new https.Agent(agentOptions);
    this.app = initializeApp(
      { projectId: config.firebase.projectId, httpAgent, ...(account ? { credential: cert(account, httpAgent) } : {}) },
      `keen-${Math.random().toString(36).slice(2)}`,
    );
    this.auth = getAuth(this.app);
    this.accessTokenKey = createSecretKey(Buffer.from(config.accessTokenSecret));
  }

  /** Verifies either kind of token; a bad or expired token is an error, never "anonymous". */
  async verify(token: string): Promise<Identity> {
    const algorithm = signingAlgorithmOf(token);
    if (algorithm === null) throw unauthenticated('The sign-in token is malformed');
    if (algorithm === ACCESS_TOKEN_ALGORITHM) return this.verifyAccessToken(token);
    return this.verifyIdToken(token);
  }

  /**
   * Only a verified Firebase ID token proves an e-mail address. Against the Auth Emulator the
   * check also asks the emulator whether the account is still enabled; a passing failure to reach
   * the identity provider is retried once and then reported as such, not as a bad token.
   */
  async verifyIdToken(token: string, attempt = 1): Promise<Identity> {
    let decoded: Awaited<ReturnType<Auth['verifyIdToken']>>;
    try {
      decoded = await this.auth.verifyIdToken(token, checksRevocation(this.config));
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (UNREACHABLE_CODES.has(code)) {
        if (attempt < 2) return this.verifyIdToken(token, attempt + 1);
        throw new AppError('SERVICE_UNAVAILABLE', 'The sign-in service cannot be reached; please try again');
      }
      throw unauthenticated('The sign-in token is invalid or has expired');
    }
    if (!decoded.email) throw unauthenticated('The sign-in token carries no e-mail address');
    return {
      email: decoded.email.toLowerCase(),
      name: (decoded.name as string | undefined) ?? null,
      picture: decoded.picture ?? null,
      emailVerified: decoded.email_verified === true,
      issuedAt: decoded.iat * 1000,
    };
  }

  /**
   * `validSince` is the user's token-valid-since stamp: a role change or signing out everywhere
   * moves it, and the access token stops working (see `callerFromHeader`).
   */
  issueAccessToken(identity: Identity, validSince: Date): string {
    const claims = { email: identity.email, name: identity.name, ev: identity.emailVerified, vs: validSince.getTime() };
    return jwt.sign(claims, this.accessTokenKey, {
      issuer: ACCESS_TOKEN_ISSUER,
      subject: identity.email,
      expiresIn: ACCESS_TOKEN_LIFETIME,
      algorithm: ACCESS_TOKEN_ALGORITHM,
    });
  }

  private verifyAccessToken(token: string): Identity {
    try {
      const payload = jwt.verify(token, this.accessTokenKey, {
        issuer: ACCESS_TOKEN_ISSUER,
        algorithms: [ACCESS_TOKEN_ALGORITHM],
      }) as jwt.JwtPayload;
      if (typeof payload.vs !== 'number') throw new Error('issued before token-valid-since stamps');
      return {
        email: String(payload.sub).toLowerCase(),
        name: (payload.name as string | null) ?? null,
        picture: null,
        emailVerified: payload.ev === true,
        accessTokenValidSince: payload.vs,
      };
    } catch {
      throw unauthenticated('The access token is invalid or has expired');
    }
  }

  /** Revokes the account's Firebase refresh tokens; an e-mail the identity provider does not know has none. */
  async revokeSessions(email: string): Promise<void> {
    let uid: string;
    try {
      uid = (await this.auth.getUserByEmail(email)).uid;
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return;
      throw error;
    }
    await this.auth.revokeRefreshTokens(uid);
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
  }
}

/** The token from an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** The `alg` of a JWT's header; null when the token has no readable header. */
function signingAlgorithmOf(token: string): string | null {
  const end = token.indexOf('.');
  if (end <= 0) return null;
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, end), 'base64url').toString());
    const algorithm = typeof header === 'object' && header !== null ? (header as { alg?: unknown }).alg : undefined;
    return typeof algorithm === 'string' ? algorithm : null;
  } catch {
    return null;
  }
}
