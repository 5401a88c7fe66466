import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Order lines: every existing order becomes a one-line order, its line copied from the order's product fields. */
export class OrderLines1765100000000 implements MigrationInterface {
  name = 'OrderLines1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "order_line" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "orderId" uuid NOT NULL,
        "position" integer NOT NULL,
        "productId" uuid,
        "name" varchar(120) NOT NULL,
        "img" varchar(2000) NOT NULL,
        "quantity" integer NOT NULL,
        "unitPrice" integer NOT NULL,
        "engravingText" varchar(40),
        "engravingFont" varchar(20),
        "engravingUnitPrice" integer,
        "lineTotal" integer NOT NULL,
        CONSTRAINT "CHK_order_line_numbers" CHECK ("quantity" >= 1 AND "unitPrice" >= 0 AND "lineTotal" >= 0),
        CONSTRAINT "PK_order_line" PRIMARY KEY ("id"),
        CONSTRAINT "FK_order_line_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "FK_order_line_product" FOREIGN KEY ("productId") REFERENCES "product"("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await db.query(`CREATE UNIQUE INDEX "UQ_order_line_position" ON "order_line" ("orderId", "position")`);
    await db.query(`CREATE INDEX "IDX_order_line_product" ON "order_line" ("productId")`);
    await db.query(`
      INSERT INTO "order_line" ("orderId", "position", "productId", "name", "img", "quantity", "unitPrice",
                                "engravingText", "engravingFont", "engravingUnitPrice", "lineTotal")
      SELECT "id", 0, "productId", "name", "img", "quantity", "price", "engravingText", "engravingFont", "engravingUnitPrice", "totalPrice"
        FROM "order"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "order_line"`);
  }
}
