import type { EntityManager } from 'typeorm';
import { Address } from './address.entity';

/** A person's saved addresses, for their data export; erased with their account (nothing requires keeping them). */
export async function addressesOf(manager: EntityManager, userId: string) {
  const rows = await manager.getRepository(Address).find({ where: { userId }, order: { createdAt: 'ASC' } });
  return rows.map(({ userId: _owner, user: _user, ...address }) => address);
}

export async function eraseAddresses(manager: EntityManager, userId: string): Promise<void> {
  await manager.getRepository(Address).delete({ userId });
}
