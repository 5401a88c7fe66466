import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { badInput } from '../common/errors';

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

/**
 * A REST request's JSON body, read field by field into a typed input. A field of the wrong JSON
 * type is a 400 that names it. A missing field is not this layer's business: the service refuses
 * it with its own message ('Product Name is Required'), the same one GraphQL callers get.
 */
export class JsonBody {
  private constructor(
    private readonly fields: Record<string, unknown>,
    /** Where these fields sit in the body ('engraving.'), for the messages. */
    private readonly path: string,
  ) {}

  /** A request's parsed body: an absent body is empty; an array or a scalar is bad input. */
  static of(parsed: unknown): JsonBody {
    const body = parsed ?? {};
    if (!isObject(body)) throw badInput('The request body must be a JSON object');
    return new JsonBody(body, '');
  }

  /** Text, or undefined when the field is absent or null. */
  optionalText(name: string): string | undefined {
    const value = this.value(name);
    if (value === undefined || typeof value === 'string') return value;
    throw this.wrongType(name, 'text');
  }

  /** Text an input cannot do without: '' when absent, which the service refuses as required. */
  text(name: string): string {
    return this.optionalText(name) ?? '';
  }

  /** A whole number, also sent as text ("3": form fields often arrive so); undefined when absent or "". */
  wholeNumber(name: string): number | undefined {
    const value = this.value(name);
    if (value === undefined || value === '') return undefined;
    const number = typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value) ? Number(value) : value;
    if (typeof number === 'number' && Number.isSafeInteger(number)) return number;
    throw this.wrongType(name, 'a whole number');
  }

  /** true or false, or undefined when absent or null. */
  boolean(name: string): boolean | undefined {
    const value = this.value(name);
    if (value === undefined || typeof value === 'boolean') return value;
    throw this.wrongType(name, 'true or false');
  }

  /** Whether the field is sent as null: where null clears a value, as GraphQL's explicit null does. */
  isNull(name: string): boolean {
    return Object.hasOwn(this.fields, name) && this.fields[name] === null;
  }

  /** A nested object, read the same way; undefined when absent or null. `shape` says what it should be. */
  object(name: string, shape = 'an object'): JsonBody | undefined {
    const value = this.value(name);
    if (value === undefined) return undefined;
    if (!isObject(value)) throw this.wrongType(name, shape);
    return new JsonBody(value, `${this.path}${name}.`);
  }

  /** Own fields only: a body's "constructor" is not Object's. null counts as absent. */
  private value(name: string): unknown {
    return Object.hasOwn(this.fields, name) ? (this.fields[name] ?? undefined) : undefined;
  }

  private wrongType(name: string, expected: string) {
    return badInput(`${this.path}${name} must be ${expected}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
