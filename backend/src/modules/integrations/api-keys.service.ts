import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { badInput, forbidden, notFound, unauthenticated } from '../../common/errors';
import { isId } from '../../common/validate';
import { type ApiKeyCaller, type Caller, requireAdminPerson, requireUser, Role, API_KEY_SCOPES, type ApiKeyScope } from '../auth';
import { lockRoles, User } from '../users';
import { ApiKey } from './api-key.entity';
import type { CreateApiKeyInput, CreatedApiKey } from './api-key.inputs';

const SECRET_PREFIX = 'keen_sk_';
/** `lastUsedAt` is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * API keys for integrators: created and revoked by admins signed in as themselves (never by a key),
 * checked on every request that sends one; an admin's keys are revoked when they stop being one.
 * The check reads the key's row each time (one indexed look-up), so a revocation holds at once on
 * every process.
 */
export class ApiKeysService {
  /** When this process last wrote each key's `lastUsedAt`. */
  private readonly lastWritten = new Map<string, number>();

  constructor(private readonly db: DataSource) {}

  isKeySecret(token: string): boolean {
    return token.startsWith(SECRET_PREFIX);
  }

  async create(caller: Caller, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    requireAdminPerson(caller);
    const { email } = requireUser(caller);
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw badInput('Name is Required');
    if (name.length > 100) throw badInput('Name must be at most 100 characters');
    const scopes = [...new Set(input.scopes ?? [])];
    if (scopes.length === 0) throw badInput('Choose at least one scope');
    const unknown = scopes.find((scope) => !API_KEY_SCOPES.includes(scope as ApiKeyScope));
    if (unknown !== undefined) throw badInput(`Unknown scope "${unknown}"; the scopes are ${API_KEY_SCOPES.join(', ')}`);
    const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
    const apiKey = await this.db.transaction(async (manager) => {
      // Under the lock a demotion takes: an admin demoted since this request began makes no key that
      // outlives the demotion's revocation of their keys (revokeKeysCreatedBy, below).
      await lockRoles(manager);
      if (!(await manager.getRepository(User).existsBy({ email, role: Role.admin }))) throw forbidden('Only an admin may do this');
      const repository = manager.getRepository(ApiKey);
      return repository.save(
        repository.create({
          name,
          scopes,
          prefix: secret.slice(0, SECRET_PREFIX.length + 4),
          secretHash: hashOf(secret),
          createdBy: email,
        }),
      );
    });
    return { secret, apiKey };
  }

  list(caller: Caller): Promise<ApiKey[]> {
    requireAdminPerson(caller);
    return this.db.getRepository(ApiKey).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  async revoke(caller: Caller, id: string): Promise<ApiKey> {
    requireAdminPerson(caller);
    if (!isId(id)) throw notFound('API key');
    await this.db.query(`UPDATE "api_key" SET "revokedAt" = now() WHERE "id" = $1 AND "revokedAt" IS NULL`, [id]);
    const apiKey = await this.db.getRepository(ApiKey).findOneBy({ id });
    if (!apiKey) throw notFound('API key');
    return apiKey;
  }

  /** The key behind a secret sent as a bearer token; refused when unknown or revoked. */
  async verify(secret: string): Promise<ApiKeyCaller> {
    const [row]: { id: string; name: string; scopes: string[]; lastUsedAt: Date | null }[] = await this.db.query(
      `SELECT "id", "name", "scopes", "lastUsedAt" FROM "api_key" WHERE "secretHash" = $1 AND "revokedAt" IS NULL`,
      [hashOf(secret)],
    );
    if (!row) throw unauthenticated('This API key is not valid, or it has been revoked');
    await this.noteUse(row.id, row.lastUsedAt);
    return { id: row.id, name: row.name, scopes: row.scopes };
  }

  /** Writes `lastUsedAt` when it is a minute old (the condition holds it to once a minute across processes too). */
  private async noteUse(id: string, lastUsedAt: Date | null): Promise<void> {
    const now = Date.now();
    const known = Math.max(lastUsedAt?.getTime() ?? 0, this.lastWritten.get(id) ?? 0);
    if (now - known < LAST_USED_RESOLUTION_MS) return;
    this.lastWritten.set(id, now);
    await this.db.query(
      `UPDATE "api_key" SET "lastUsedAt" = now()
       WHERE "id" = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - interval '1 minute')`,
      [id],
    );
  }
}

/**
 * Revokes the API keys a demoted admin created, in the demotion's transaction: their reach ends
 * with their role. Key creation takes `lockRoles` too, so none is made in between; every request
 * reads its key's row (`ApiKeysService.verify`), so the keys are refused from the commit on.
 * Answers how many were revoked. Their webhook endpoints stay: they belong to the shop.
 */
export async function revokeKeysCreatedBy(manager: EntityManager, email: string): Promise<number> {
  const { affected } = await manager
    .createQueryBuilder()
    .update(ApiKey)
    .set({ revokedAt: () => 'now()' })
    .where('"createdBy" = :email AND "revokedAt" IS NULL', { email })
    .execute();
  return affected ?? 0;
}
