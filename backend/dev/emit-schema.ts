import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { buildKeenSchema } from '../src/app/graphql-schema';

/** Writes backend/schema.graphql, the committed contract the client's types are generated from. */
async function emit(): Promise<void> {
  const schema = await buildKeenSchema();
  const file = path.resolve(__dirname, '..', '..', 'schema.graphql');
  writeFileSync(
    file,
    `# Generated from the type-graphql code by \`npm run codegen\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`,
  );
  process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}

void emit();
