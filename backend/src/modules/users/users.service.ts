import { DataSource } from 'typeorm';
import { conflict, forbidden, notFound } from '../../common/errors';
import { pageOf, SortDirection } from '../../common/list';
import { normalizeEmail, requirePhone, requireText } from '../../common/validate';
import { Caller, isAdmin, requireAdmin, requireUser } from '../auth/caller';
import type { Identity } from '../auth/identity';
import { Role, User } from './user.entity';
import { RegisterInput, UpdateProfileInput, UserListOptions, UserSortField } from './user.inputs';

export const USER_EXISTS = 'User already exist';

export class UsersService {
  constructor(
    private readonly db: DataSource,
    private readonly adminEmails: string[],
  ) {}

  /** The profile row for a verified identity, created on first sight (admins from ADMIN_EMAILS). */
  async findOrCreate(identity: Identity): Promise<User> {
    const users = this.db.getRepository(User);
    const existing = await users.findOneBy({ email: identity.email });
    if (existing) return existing;
    await users
      .createQueryBuilder()
      .insert()
      .values({
        email: identity.email,
        // The identity provider allows longer names and photo URLs than the profile columns hold.
        name: (identity.name?.trim() || identity.email.split('@')[0]).slice(0, 120),
        img: identity.picture && identity.picture.length <= 2000 ? identity.picture : null,
        role: this.adminEmails.includes(identity.email) ? Role.admin : Role.user,
      })
      .orIgnore()
      .execute();
    return users.findOneByOrFail({ email: identity.email });
  }

  me(caller: Caller): User | null {
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
  async register(caller: Caller, input: RegisterInput): Promise<User> {
    const user = requireUser(caller);
    const name = requireText(input.name, 'Name is Required', 120);
    const address = requireText(input.address, 'Address is Required', 500);
    const phone = requirePhone(input.phone);
    if (user.address && user.phone) throw conflict(USER_EXISTS);
    return this.db.getRepository(User).save(Object.assign(user, { name, address, phone }));
  }

  /** Registration that names the account: only the caller's own e-mail (the REST sign-up body carries one). */
  registerAs(caller: Caller, email: unknown, input: RegisterInput): Promise<User> {
    const user = requireUser(caller);
    if (normalizeEmail(email) !== user.email) throw forbidden('You may register only your own e-mail address');
    return this.register(caller, input);
  }

  /** One profile by e-mail: your own, or anyone's for an admin. */
  async findByEmail(caller: Caller, email: unknown): Promise<User> {
    const user = requireUser(caller);
    const asked = normalizeEmail(email);
    if (asked === user.email) return user;
    requireAdmin(caller);
    const other = await this.db.getRepository(User).findOneBy({ email: asked });
    if (!other) throw notFound('User');
    return other;
  }

  /** A profile update that names the profile by id: only your own. */
  updateProfileById(caller: Caller, id: unknown, input: UpdateProfileInput): Promise<User> {
    const user = requireUser(caller);
    if (id !== user.id) throw forbidden('You may update only your own profile');
    return this.updateProfile(caller, input);
  }

  async updateProfile(caller: Caller, input: UpdateProfileInput): Promise<User> {
    const user = requireUser(caller);
    const changes = {
      name: requireText(input.name, 'Name is Required', 120),
      phone: requirePhone(input.phone),
      address: requireText(input.address, 'Address is Required', 500),
      img: requireText(input.img, 'Photo is Required', 2000),
    };
    return this.db.getRepository(User).save(Object.assign(user, changes));
  }

  async list(caller: Caller, options: UserListOptions = new UserListOptions()): Promise<{ items: User[]; totalItems: number }> {
    requireAdmin(caller);
    const query = this.db.getRepository(User).createQueryBuilder('user');
    if (options.role) query.andWhere('user.role = :role', { role: options.role });
    return pageOf(query, options, { searchColumns: ['name', 'email'], defaultSort: UserSortField.createdAt, defaultDirection: SortDirection.ASC });
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
   */
  async changeRole(caller: Caller, email: string, role: Role): Promise<{ user: User; changed: boolean }> {
    requireAdmin(caller);
    const target = normalizeEmail(email);
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('keen:roles'))`);
      const users = manager.getRepository(User);
      const user = await users.findOneBy({ email: target });
      if (!user) throw notFound('User');
      if (user.role === role) return { user, changed: false };
      if (role === Role.user && (await users.countBy({ role: Role.admin })) <= 1) {
        throw forbidden('The last admin cannot remove their admin right');
      }
      user.role = role;
      return { user: await users.save(user), changed: true };
    });
  }

  /** Private contact details are for the person themselves and for admins. */
  canSeePrivateDetails(caller: Caller, user: User): boolean {
    return caller.user?.id === user.id || isAdmin(caller);
  }
}
