import type { DataSource, EntityManager } from 'typeorm';
import { normalizeEmail } from '../../common/validate';
import { StaffGrant, StaffRoleAction, StaffRoleEvent } from './staff-grant.entity';
import { Role } from '../auth';
import { User } from './user.entity';

/** What a grant or revoke did, in words for the person at the terminal. */
export interface StaffGrantResult {
  changed: boolean;
  message: string;
}

const FIRST_SIGN_IN = 'first verified sign-in';

/**
 * Admin rights given and taken by the shop's operator from the command line (`npm run admin`),
 * straight in the database: the way to the first admin, and the way back in when no admin is left.
 * A right given to someone never seen with a verified e-mail waits for that sight, like
 * ADMIN_EMAILS, so nobody can claim the address before its owner. Every change is recorded.
 */
export class StaffGrants {
  constructor(
    private readonly db: DataSource,
    private readonly onDemoted: OnDemoted,
  ) {}

  async grant(email: unknown, actor: string): Promise<StaffGrantResult> {
    const target = normalizeEmail(email);
    return this.underRoleLock(async (manager) => {
      const user = await manager.getRepository(User).findOneBy({ email: target });
      if (user?.role === Role.admin) return { changed: false, message: `${target} is already an admin; nothing changed.` };
      if (user?.emailVerified) {
        // Access tokens issued under the old role stop working, as with a change from the dashboard.
        await manager.getRepository(User).update({ id: user.id }, { role: Role.admin, tokensValidSince: new Date() });
        await record(manager, target, StaffRoleAction.grant, actor, 'admin right given');
        return { changed: true, message: `${target} is now an admin.` };
      }
      if (await manager.getRepository(StaffGrant).existsBy({ email: target })) {
        return { changed: false, message: `${target} already has a grant waiting for their first verified sign-in; nothing changed.` };
      }
      await manager.getRepository(StaffGrant).insert({ email: target, grantedBy: actor });
      await record(manager, target, StaffRoleAction.grant, actor, `waits for the ${FIRST_SIGN_IN}`);
      return {
        changed: true,
        message: `${target} becomes an admin at their first sign-in with a verified e-mail address (${user ? 'not verified yet' : 'never signed in yet'}).`,
      };
    });
  }

  async revoke(email: unknown, actor: string): Promise<StaffGrantResult> {
    const target = normalizeEmail(email);
    return this.underRoleLock(async (manager) => {
      const withdrawn = (await manager.getRepository(StaffGrant).delete({ email: target })).affected;
      const user = await manager.getRepository(User).findOneBy({ email: target });
      if (user?.role === Role.admin) {
        await manager.getRepository(User).update({ id: user.id }, { role: Role.user, tokensValidSince: new Date() });
        const revokedKeys = await this.onDemoted(manager, target);
        await record(manager, target, StaffRoleAction.revoke, actor, 'admin right removed');
        const keys =
          revokedKeys === 0 ? '' : `; ${revokedKeys} API ${revokedKeys === 1 ? 'key they created is' : 'keys they created are'} revoked`;
        return { changed: true, message: `${target} is no longer an admin${keys}.` };
      }
      if (withdrawn) {
        await record(manager, target, StaffRoleAction.revoke, actor, 'waiting grant withdrawn');
        return { changed: true, message: `The grant waiting for ${target}'s first verified sign-in is withdrawn.` };
      }
      return { changed: false, message: `${target} is not an admin and has no waiting grant; nothing changed.` };
    });
  }

  /** The history of one person's admin rights, oldest first. */
  history(email: unknown): Promise<StaffRoleEvent[]> {
    return this.db.getRepository(StaffRoleEvent).find({ where: { email: normalizeEmail(email) }, order: { createdAt: 'ASC' } });
  }

  /** Serialized with role changes from the dashboard and with a waiting grant taking effect (both take the same lock). */
  private underRoleLock<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (manager) => {
      await lockRoles(manager);
      return work(manager);
    });
  }
}

/**
 * Takes the lock every change of admin rights holds until its transaction ends: a grant or revoke
 * here, a role change from the dashboard (`UsersService.changeRole`) and a waiting grant taking
 * effect at a first verified sign-in (`UsersService`). So a revoke either commits before the grant
 * is read (nothing is left to apply) or waits until it is applied (and then finds an admin to demote).
 */
export async function lockRoles(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('keen:roles'))`);
}

/**
 * What else ends with an admin's role, in the demotion's transaction (the API keys they created:
 * integrations' `revokeKeysCreatedBy`, handed in by the assembly, since keys are integrations'
 * business). Answers how many API keys were revoked.
 */
export type OnDemoted = (manager: EntityManager, email: string) => Promise<number>;

/** Whether a grant waits for this e-mail's first verified sign-in (read by `UsersService` at that moment, under `lockRoles`). */
export function hasWaitingStaffGrant(manager: EntityManager, email: string): Promise<boolean> {
  return manager.getRepository(StaffGrant).existsBy({ email });
}

/** The waiting grant took effect (in the same transaction, under `lockRoles`): it is used up, and its taking effect goes into the history. */
export async function recordStaffGrantApplied(manager: EntityManager, email: string): Promise<void> {
  const { affected } = await manager.getRepository(StaffGrant).delete({ email });
  if (affected) await record(manager, email, StaffRoleAction.apply, FIRST_SIGN_IN, 'waiting grant applied');
}

function record(manager: EntityManager, email: string, action: StaffRoleAction, actor: string, note: string): Promise<unknown> {
  return manager.getRepository(StaffRoleEvent).insert({ email, action, actor: actor.slice(0, 254), note });
}
