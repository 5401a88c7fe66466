import type { EntityManager } from 'typeorm';
import { User } from './user.entity';

/** What the users module holds of a person, for their data export and erasure (the privacy module's). */

/** Who an erased profile is shown as, in the records kept (orders, reviews kept with their author). */
export const ERASED_NAME = 'A customer';

/** An erased person's e-mail in the records kept: unique, and at a domain that never receives mail (RFC 2606). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/** The profile and its consents, as the person's data export carries them. */
export function profileOf(user: User) {
  return {
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      address: user.address,
      photo: user.img,
      role: user.role,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
    },
    consents: { orderEmails: user.orderEmails },
  };
}

/**
 * Empties the profile row, kept so that the orders kept still have their customer (their key): a
 * name and e-mail nobody has, no phone, address or photo, no mails, every session ended.
 */
export async function eraseProfile(manager: EntityManager, userId: string, at: Date): Promise<void> {
  await manager.getRepository(User).update(
    { id: userId },
    {
      name: ERASED_NAME,
      email: erasedEmail(userId),
      phone: null,
      address: null,
      img: null,
      orderEmails: false,
      emailVerified: false,
      tokensValidSince: at,
      erasedAt: at,
    },
  );
}
