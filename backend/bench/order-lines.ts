import type { DataSource } from 'typeorm';

/** Gives every seeded order that has no line yet its one line, copied from the order's flat product fields. */
export async function addOneLineEach(db: DataSource): Promise<void> {
  await db.query(`
    INSERT INTO "order_line" ("orderId", "position", "productId", "name", "img", "quantity", "currency", "unitAmount",
                              "engravingText", "engravingFont", "engravingUnitAmount", "lineAmount")
    SELECT o."id", 0, o."productId", o."name", o."img", o."quantity", o."currency", o."priceAmount", o."engravingText", o."engravingFont",
           o."engravingUnitAmount", o."totalAmount"
      FROM "order" o
     WHERE NOT EXISTS (SELECT 1 FROM "order_line" l WHERE l."orderId" = o."id")`);
}
