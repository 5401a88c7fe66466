import type { EntityManager } from 'typeorm';
import { Message, MessageReply } from './message.entity';

/**
 * A person's contact messages (sent signed in, or from their e-mail address), with staff's replies,
 * for their data export; erased with their account (their photos and replies with them).
 */
const theirs = (userId: string, email: string) => [{ senderId: userId }, { email }];

export async function messagesOf(manager: EntityManager, userId: string, email: string) {
  const rows = await manager.getRepository(Message).find({ where: theirs(userId, email), order: { createdAt: 'ASC' } });
  const replies = rows.length
    ? await manager.getRepository(MessageReply).find({ where: rows.map((row) => ({ messageId: row.id })), order: { createdAt: 'ASC' } })
    : [];
  return rows.map((message) => ({
    id: message.id,
    kind: message.kind,
    name: message.name,
    email: message.email,
    message: message.message,
    productName: message.productName,
    budget: message.budgetAmount === null ? null : { amount: message.budgetAmount, currency: message.budgetCurrency },
    createdAt: message.createdAt,
    // A commission quoted as an order: that order is in the export's orders.
    quoteOrderId: message.quoteOrderId,
    replies: replies.filter((reply) => reply.messageId === message.id).map((reply) => ({ text: reply.text, sentAt: reply.createdAt })),
  }));
}

export async function eraseMessages(manager: EntityManager, userId: string, email: string): Promise<void> {
  const messages = manager.getRepository(Message);
  const rows = await messages.find({ select: { id: true }, where: theirs(userId, email) });
  if (rows.length) await messages.delete(rows.map((row) => row.id));
}
