import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Customers' address books: structured addresses, at most one default per customer. */
export class AddressBook1765800000000 implements MigrationInterface {
  name = 'AddressBook1765800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "address" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "userId" uuid NOT NULL,
        "name" varchar(120) NOT NULL,
        "line1" varchar(200) NOT NULL,
        "line2" varchar(200),
        "city" varchar(100) NOT NULL,
        "region" varchar(100),
        "postalCode" varchar(12) NOT NULL,
        "country" varchar(2) NOT NULL,
        "phone" varchar(40) NOT NULL,
        "isDefault" boolean NOT NULL DEFAULT false,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_address" PRIMARY KEY ("id"),
        CONSTRAINT "FK_address_user" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await db.query(`CREATE INDEX "IDX_address_user" ON "address" ("userId")`);
    // Two defaults for one customer cannot exist, whatever two requests do at once.
    await db.query(`CREATE UNIQUE INDEX "UQ_address_default" ON "address" ("userId") WHERE "isDefault"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "address"`);
  }
}
