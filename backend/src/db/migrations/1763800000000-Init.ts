import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class Init1763800000000 implements MigrationInterface {
  name = 'Init1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "user" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(120) NOT NULL,
        "email" varchar(254) NOT NULL,
        "address" varchar(500),
        "phone" varchar(40),
        "img" varchar(2000),
        "role" varchar(20) NOT NULL DEFAULT 'user',
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_user" PRIMARY KEY ("id")
      )`);
    await db.query(`CREATE UNIQUE INDEX "UQ_user_email" ON "user" ("email")`);

    await db.query(`
      CREATE TABLE "product" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(120) NOT NULL,
        "img" varchar(2000) NOT NULL,
        "description" text NOT NULL,
        "price" integer NOT NULL,
        "quantity" integer NOT NULL,
        "minimumQuantity" integer NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_product" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_product_numbers" CHECK ("price" >= 1 AND "quantity" >= 0 AND "minimumQuantity" >= 1)
      )`);
    await db.query(`CREATE UNIQUE INDEX "UQ_product_name_lower" ON "product" (lower("name"))`);
    await db.query(`CREATE INDEX "IDX_product_created_at" ON "product" ("createdAt")`);

    await db.query(`
      CREATE TABLE "order" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "userName" varchar(120) NOT NULL,
        "phone" varchar(40) NOT NULL,
        "address" varchar(500) NOT NULL,
        "name" varchar(120) NOT NULL,
        "email" varchar(254) NOT NULL,
        "description" text NOT NULL,
        "price" integer NOT NULL,
        "totalPrice" integer NOT NULL,
        "quantity" integer NOT NULL,
        "minimumQuantity" integer NOT NULL,
        "img" varchar(2000) NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'Pending',
        "paid" boolean NOT NULL DEFAULT false,
        "transactionId" varchar(255),
        "productId" uuid,
        "customerId" uuid NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_order" PRIMARY KEY ("id"),
        CONSTRAINT "FK_order_product" FOREIGN KEY ("productId") REFERENCES "product"("id") ON DELETE SET NULL,
        CONSTRAINT "FK_order_customer" FOREIGN KEY ("customerId") REFERENCES "user"("id") ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX "IDX_order_email_created_at" ON "order" ("email", "createdAt")`);
    await db.query(`CREATE INDEX "IDX_order_created_at" ON "order" ("createdAt")`);
    await db.query(`CREATE INDEX "IDX_order_product" ON "order" ("productId")`);
    await db.query(`CREATE INDEX "IDX_order_customer" ON "order" ("customerId")`);

    await db.query(`
      CREATE TABLE "review" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "userName" varchar(120) NOT NULL,
        "name" varchar(120) NOT NULL,
        "email" varchar(254) NOT NULL,
        "description" text NOT NULL,
        "img" varchar(2000),
        "star" smallint NOT NULL,
        "authorId" uuid,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_review" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_review_star" CHECK ("star" BETWEEN 1 AND 5),
        CONSTRAINT "FK_review_author" FOREIGN KEY ("authorId") REFERENCES "user"("id") ON DELETE SET NULL
      )`);
    await db.query(`CREATE INDEX "IDX_review_author" ON "review" ("authorId")`);
    await db.query(`CREATE INDEX "IDX_review_created_at" ON "review" ("createdAt")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "review"`);
    await db.query(`DROP TABLE "order"`);
    await db.query(`DROP TABLE "product"`);
    await db.query(`DROP TABLE "user"`);
  }
}
