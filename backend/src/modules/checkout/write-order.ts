import type { EntityManager } from 'typeorm';
import type { OrderNotesInput } from '@keen/rules/schemas';
import { OrderLine } from '../orders';
import type { PricedLine } from './price-lines';

/** The checkout's last step writes the order, its lines, its history and its events (CheckoutService.placeNow). */

/**
 * Inserts an order's lines (with their units made to order) and answers them as written (generated columns included), in position
 * order: one statement in plain SQL (TypeORM's insert builder cost more than the statement).
 */
export async function insertLines(
  manager: EntityManager,
  lines: (PricedLine & { queuedQuantity: number })[],
  orderId: string,
): Promise<OrderLine[]> {
  const columns = ['orderId', ...Object.keys(lines[0])];
  const values = lines.flatMap((line) => [orderId, ...Object.values(line)]);
  const rows = lines.map((_, row) => `(${columns.map((_column, index) => `$${row * columns.length + index + 1}`).join(', ')})`);
  const returning = manager.connection.getMetadata(OrderLine).columns.map((column) => `"${column.databaseName}"`);
  const written: Partial<OrderLine>[] = await manager.query(
    `INSERT INTO "order_line" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES ${rows.join(', ')}
     RETURNING ${returning.join(', ')}`,
    values,
  );
  return written.map((row) => Object.assign(new OrderLine(), row)).sort((a, b) => a.position - b.position);
}

/**
 * The placed line of the history: the age check an age-restricted order relied on, and the buyer's
 * gift message and note to the workshop, quoted; undefined when there is none of them.
 */
export function placedNote(clearance: string | null, { giftMessage, workshopNote }: OrderNotesInput): string | undefined {
  const parts = [
    clearance,
    giftMessage && `Gift message: “${giftMessage}”`,
    workshopNote && `Note to the workshop: “${workshopNote}”`,
  ].filter(Boolean);
  return parts.length ? parts.join('. ') : undefined;
}
