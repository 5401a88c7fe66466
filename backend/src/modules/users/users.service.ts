import { profileInput, registerInput } from '@keen/rules/schemas';
import { type DataSource } from 'typeorm';
import { conflict, forbidden, notFound, unauthenticated } from '../../common/errors';
import { pageOf, plainRows, SortDirection } from '../../common/list';
import { normalizeEmail, parseInput } from '../../common/validate';
import { raise } from '../../events/outbox';
import {
  type Caller,
  isAdminPerson,
  maySeePersonalDetails,
  requireAdmin,
  requireAdminPerson,
  requireUser,
  type Identity,
  type IdentityService,
  Role,
} from '../auth';
import { User } from './user.entity';
import { hasWaitingStaffGrant, lockRoles, type OnDemoted, recordStaffGrantApplied } from './staff-grants';
import { type RegisterInput, type UpdateProfileInput, UserListOptions, UserSortField } from './user.inputs';

export const USER_EXISTS = 'User already exist';
/** A key's refusal on makeAdmin and removeAdmin: a key promoting an account its holder controls would widen its own reach. */
export const STAFF_ROLES_BY_PEOPLE = 'Staff roles change only by an admin signed in as themselves, not by an API key';

export class UsersService {
  constructor(
    private readonly db: DataSource,
    private readonly adminEmails: string[],
    private readonly identity: IdentityService,
    private readonly onDemoted: OnDemoted,
  ) {}

  /** The user's columns, selected under their property names (read once). */
  private userColumns: string | undefined;

  /**
   * The profile row for a verified identity, created on first sight. An e-mail on ADMIN_EMAILS
   * becomes admin on its first sight with a verified address, so nobody can claim it before its owner.
   */
  async findOrCreate(identity: Identity): Promise<User> {
    const users = this.db.getRepository(User);
    // One statement whether the row exists or not: it is read, or else inserted (never written when it exists).
    const [row] = (await this.db.query(
      `WITH existing AS (SELECT * FROM "user" WHERE "email" = $1),
            inserted AS (
              INSERT INTO "user" ("email", "name", "img") SELECT $1, $2, $3
              WHERE NOT EXISTS (SELECT 1 FROM existing)
              ON CONFLICT DO NOTHING RETURNING *)
       SELECT * FROM existing UNION ALL SELECT * FROM inserted`,
      [
        identity.email,
        // The identity provider allows longer names and photo URLs than the profile columns hold.
        (identity.name?.trim() || identity.email.split('@')[0]).slice(0, 120),
        identity.picture && identity.picture.length <= 2000 ? identity.picture : null,
      ],
    )) as Partial<User>[];
    // Nothing comes back only when a first request at the same moment inserted the row.
    const user = row ? users.create(row) : await users.findOneByOrFail({ email: identity.email });
    return identity.emailVerified && !user.emailVerified ? this.recordVerifiedEmail(user) : user;
  }

  /**
   * Only the first verified sight promotes (ADMIN_EMAILS, or a grant from `npm run admin`): an
   * admin's later removal of the role stands. It also ends every token issued before it: the
   * account may have been someone else's until its owner proved the address.
   */
  private async recordVerifiedEmail(user: User): Promise<User> {
    return this.db.transaction(async (manager) => {
      // Under the lock `npm run admin -- revoke` takes: a revoke at this moment either came first
      // (no grant is left to apply) or waits for this transaction and then finds the admin to demote.
      await lockRoles(manager);
      const users = manager.getRepository(User);
      const granted = await hasWaitingStaffGrant(manager, user.email);
      const promote = granted || this.adminEmails.includes(user.email) ? { role: Role.admin } : {};
      const { affected } = await users.update(
        { id: user.id, emailVerified: false },
        { emailVerified: true, tokensValidSince: new Date(), ...promote },
      );
      // Of first requests at the same moment, the one whose update went through records it.
      if (granted && affected) await recordStaffGrantApplied(manager, user.email);
      // Order e-mails held while the address was unverified go out once this commits.
      if (affected) await raise(manager, 'user.emailVerified', user.id, { userId: user.id, email: user.email });
      return users.findOneByOrFail({ id: user.id });
    });
  }

  /**
   * The profile row of a token's identity, refusing a token that a later event ended: an access
   * token issued before a role change, a sign-out everywhere or the first verified sight, and an
   * unverified ID token issued before the address was verified.
   */
  async signedIn(identity: Identity): Promise<User> {
    // An access token was issued to a profile that exists: one that does not (erased since) is not made again.
    const user = identity.accessTokenValidSince === undefined ? await this.findOrCreate(identity) : await this.byEmail(identity.email);
    if (!user || (identity.accessTokenValidSince !== undefined && identity.accessTokenValidSince !== user.tokensValidSince.getTime())) {
      throw unauthenticated('The access token is no longer valid (a role change or a sign-out); please sign in again');
    }
    const validSince = user.tokensValidSince.getTime();
    if (identity.issuedAt !== undefined && !identity.emailVerified && user.emailVerified && identity.issuedAt < validSince) {
      throw unauthenticated('This sign-in was made before the e-mail address was verified; please sign in again');
    }
    return user;
  }

  /** The profile row of an e-mail address, as every signed-in request reads its caller: one prepared statement, no query builder. */
  private async byEmail(email: string): Promise<User | null> {
    this.userColumns ??= this.db
      .getMetadata(User)
      .columns.map((column) => `"${column.databaseName}" AS "${column.propertyName}"`)
      .join(', ');
    const [row] = await plainRows<User>(this.db, `SELECT ${this.userColumns} FROM "user" WHERE "email" = $1`, [email]);
    return row ? Object.assign(new User(), row) : null;
  }

  me(caller: Caller<User>): User | null {
    return caller.user;
  }

  /** Anyone signed in may ask about themselves; only admins may ask about others. */
  async isAdmin(caller: Caller, email: string): Promise<boolean> {
    const user = requireUser(caller);
    const asked = normalizeEmail(email);
    if (asked === user.email) return user.role === Role.admin;
    requireAdmin(caller);
    const other = await this.db.getRepository(User).findOneBy({ email: asked });
    return other?.role === Role.admin;
  }

  /** Completes the caller's profile after sign-up; a completed profile is "already exist". */
  async register(caller: Caller<User>, input: RegisterInput): Promise<User> {
    const user = requireUser(caller);
    const profile = parseInput(registerInput, input);
    if (user.address && user.phone) throw conflict(USER_EXISTS);
    return this.saveProfile(user, profile);
  }

  /** One profile by e-mail: your own, or anyone's for an admin. */
  async findByEmail(caller: Caller<User>, email: unknown): Promise<User> {
    const user = requireUser(caller);
    const asked = normalizeEmail(email);
    if (asked === user.email) return user;
    requireAdmin(caller);
    const other = await this.db.getRepository(User).findOneBy({ email: asked });
    if (!other) throw notFound('User');
    return other;
  }

  async updateProfile(caller: Caller<User>, input: UpdateProfileInput): Promise<User> {
    const user = requireUser(caller);
    return this.saveProfile(user, parseInput(profileInput, input));
  }

  /**
   * Writes only the profile's columns: the caller's row was loaded at the start of the request,
   * and saving it whole could write back a role an admin has changed since.
   */
  private async saveProfile(user: User, changes: Partial<Pick<User, 'name' | 'phone' | 'address' | 'img'>>): Promise<User> {
    return this.db.transaction(async (manager) => {
      const users = manager.getRepository(User);
      await users.update({ id: user.id }, changes);
      await raise(manager, 'user.profileUpdated', user.id, { userId: user.id, email: user.email });
      return users.findOneByOrFail({ id: user.id });
    });
  }

  /**
   * Ends every session of the caller: Firebase refresh tokens are revoked (ID tokens stop working
   * where revocation is checked) and Keen's access tokens stop working at once.
   */
  async signOutEverywhere(caller: Caller): Promise<boolean> {
    const user = requireUser(caller);
    await this.identity.revokeSessions(user.email);
    await this.db.getRepository(User).update({ id: user.id }, { tokensValidSince: new Date() });
    return true;
  }

  /** The caller's own choice of order e-mails; receipts are sent either way. Writes only that column. */
  async setOrderEmails(caller: Caller, on: boolean): Promise<User> {
    const user = requireUser(caller);
    await this.db.getRepository(User).update({ id: user.id }, { orderEmails: on });
    return this.db.getRepository(User).findOneByOrFail({ id: user.id });
  }

  async list(caller: Caller, options: UserListOptions = new UserListOptions()): Promise<{ items: User[]; totalItems: number }> {
    requireAdmin(caller);
    // An erased profile is only the key of the orders kept (privacy module): nobody to list.
    const query = this.db.getRepository(User).createQueryBuilder('user').where('user.erasedAt IS NULL');
    if (options.role) query.andWhere('user.role = :role', { role: options.role });
    return pageOf(query, options, {
      searchColumns: ['name', 'email'],
      defaultSort: UserSortField.createdAt,
      defaultDirection: SortDirection.ASC,
    });
  }

  async makeAdmin(caller: Caller, email: string): Promise<User> {
    return (await this.changeRole(caller, email, Role.admin)).user;
  }

  async removeAdmin(caller: Caller, email: string): Promise<User> {
    return (await this.changeRole(caller, email, Role.user)).user;
  }

  /**
   * Role changes are serialized, so two admins removing each other cannot leave the shop without one.
   * `changed` is false when the user already had the role (REST answers it as modifiedCount).
   * A demoted admin's API keys are revoked with the demotion.
   */
  async changeRole(caller: Caller, email: string, role: Role): Promise<{ user: User; changed: boolean }> {
    requireAdminPerson(caller, STAFF_ROLES_BY_PEOPLE);
    const target = normalizeEmail(email);
    return this.db.transaction(async (manager) => {
      await lockRoles(manager);
      const users = manager.getRepository(User);
      const user = await users.findOneBy({ email: target });
      if (!user) throw notFound('User');
      if (user.role === role) return { user, changed: false };
      if (role === Role.user && (await users.countBy({ role: Role.admin })) <= 1) {
        throw forbidden('The last admin cannot remove their admin right');
      }
      // Access tokens issued under the old role stop working.
      await users.update({ id: user.id }, { role, tokensValidSince: new Date() });
      if (role === Role.user) await this.onDemoted(manager, user.email);
      await raise(manager, 'user.roleChanged', user.id, { userId: user.id, email: user.email, role });
      return { user: await users.findOneByOrFail({ id: user.id }), changed: true };
    });
  }

  /** How many unrevoked API keys someone created is for admins signed in as themselves, who manage keys. */
  canSeeApiKeyCounts(caller: Caller): boolean {
    return isAdminPerson(caller);
  }

  /** Private contact details are for the person themselves and for admins. */
  canSeePrivateDetails(caller: Caller, user: User): boolean {
    return caller.user?.id === user.id || maySeePersonalDetails(caller);
  }
}
