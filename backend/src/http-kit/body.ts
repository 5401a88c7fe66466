import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';

const refusedBodies = new WeakMap<IncomingMessage, unknown>();

/**
 * Reads JSON bodies (at most `limit`) for the routes behind it; a body that cannot be read
 * (not JSON, too large) is not answered here but kept for the route (`bodyRefusalOf`), which
 * answers it once it has checked its caller: an anonymous caller meets 401 before any 400.
 */
export function readJsonBodies(limit: string): RequestHandler {
  const json = express.json({ limit });
  return (req, res, next) =>
    json(req, res, (error?: unknown) => {
      if (error) refusedBodies.set(req, error);
      next();
    });
}

/** The error that kept a request's body from being read, if any (express.json's, for `bodyRefusal`). */
export const bodyRefusalOf = (req: IncomingMessage): unknown => refusedBodies.get(req);

/** The field an issue is about, as a caller names it ('engraving.font'). */
export const fieldOf = (issue: { path?: PropertyKey[] }) => (issue.path ?? []).join('.');
const wrongType = (expected: string) => (issue: { path?: PropertyKey[] }) => `${fieldOf(issue)} must be ${expected}`;
const absentIfNull = (value: unknown) => value ?? undefined;
/** Form fields often arrive as text: "3" is 3; "" is absent. */
const numberFromText = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value) ? Number(value) : value;

/** The range the service holds a number to: shown in the OpenAPI document, refused by the service with its own message. */
export interface Bounds {
  min: number;
  max: number;
}
const documented = (bounds: Bounds = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }) => ({
  minimum: bounds.min,
  maximum: bounds.max,
});

/**
 * The fields of a JSON body as the router reads them: a field of the wrong JSON type is a 400 that
 * names it ('quantity must be a whole number'); null reads as absent. A missing field is not this
 * layer's business: the service refuses it with its own message ('Product Name is Required'),
 * the same one GraphQL callers get.
 */
export const field = {
  text: () => z.preprocess(absentIfNull, z.string({ error: wrongType('text') }).optional()),
  wholeNumber: (bounds?: Bounds) =>
    z.preprocess(numberFromText, z.int({ error: wrongType('a whole number') }).optional()).meta(documented(bounds)),
  /** A whole number where null clears the value, as GraphQL's explicit null does. */
  wholeNumberOrNull: (bounds?: Bounds) =>
    z
      .preprocess(
        (value) => (value === null ? null : numberFromText(value)),
        z
          .int({ error: wrongType('a whole number') })
          .nullable()
          .optional(),
      )
      .meta(documented(bounds)),
  boolean: () => z.preprocess(absentIfNull, z.boolean({ error: wrongType('true or false') }).optional()),
  /** A list of texts (gift card codes): anything else, or a list holding anything else, is 'giftCards must be a list of texts'. */
  textList: () =>
    z.preprocess(
      absentIfNull,
      z
        .array(z.unknown(), { error: wrongType('a list of texts') })
        .refine((list) => list.every((item) => typeof item === 'string'), { error: wrongType('a list of texts') })
        .transform((list) => list as string[])
        .optional(),
    ),
  /** A nested object; `expected` says what it should be ('an object with text and font'). */
  object: <Shape extends z.ZodRawShape>(shape: Shape, expected: string) =>
    z.preprocess(absentIfNull, z.object(shape, { error: wrongType(expected) }).optional()),
};

/** A JSON body of these fields (an absent body reads as `{}`); an array or a scalar is a 400. */
export const jsonBody = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape, { error: 'The request body must be a JSON object' });
