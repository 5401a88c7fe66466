import type { EntityManager } from 'typeorm';
import { OrderProof } from './order-proof.entity';

/** The engraving proofs of a customer's orders, for their data export: what they were shown and how they answered. */
export async function proofsOf(manager: EntityManager, userId: string) {
  const rows = await manager
    .getRepository(OrderProof)
    .createQueryBuilder('proof')
    .innerJoin('proof.order', 'order')
    .leftJoinAndSelect('proof.images', 'image')
    .where('order.customerId = :userId', { userId })
    .orderBy('proof.sentAt', 'ASC')
    .addOrderBy('proof.version', 'ASC')
    .getMany();
  return rows.map((row) => ({
    orderId: row.orderId,
    lineId: row.lineId,
    version: row.version,
    engravingText: row.engravingText,
    status: row.status,
    comment: row.comment,
    sentAt: row.sentAt,
    answeredAt: row.answeredAt,
    answeredBy: row.answeredBy,
    imageUrls: row.imageUrls,
  }));
}

/**
 * With their account: the proofs stay (the evidence of what was made and approved, with the order),
 * without the customer's own words; their e-mail as who answered becomes the erased account's.
 */
export async function eraseProofs(manager: EntityManager, userId: string, formerEmail: string, erasedEmail: string): Promise<void> {
  await manager.query(
    `UPDATE "order_proof" p SET "comment" = NULL, "answeredBy" = CASE WHEN p."answeredBy" = $2 THEN $3 ELSE p."answeredBy" END
      FROM "order" o WHERE o."id" = p."orderId" AND o."customerId" = $1`,
    [userId, formerEmail, erasedEmail],
  );
}
