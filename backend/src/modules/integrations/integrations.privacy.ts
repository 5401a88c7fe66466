import type { EntityManager } from 'typeorm';

/**
 * Forgets the webhook bodies that name a person whose account is erased: the delivery log keeps each
 * body as sent (for a resend), and an order's body carries its customer's name and e-mail. A pending
 * delivery whose row is gone is skipped when its job runs.
 */
export async function eraseDeliveriesNaming(manager: EntityManager, email: string): Promise<void> {
  await manager.query(`DELETE FROM "webhook_delivery" WHERE strpos(lower("body"), lower($1)) > 0`, [email]);
}
