import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A customer's orders by state: placing an order counts the customer's unpaid orders and what they
 * hold, which with an index on the customer alone (or on the state) read every order of the other.
 * The new index serves lookups by customer alone as the old one did.
 */
export class UnpaidOrdersByCustomer1766600000000 implements MigrationInterface {
  name = 'UnpaidOrdersByCustomer1766600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX "IDX_order_customer_state" ON "order" ("customerId", "state")`);
    await db.query(`DROP INDEX "IDX_order_customer"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX "IDX_order_customer" ON "order" ("customerId")`);
    await db.query(`DROP INDEX "IDX_order_customer_state"`);
  }
}
