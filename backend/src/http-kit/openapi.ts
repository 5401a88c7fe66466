import { z } from 'zod';
import { openApiPath, type RouteDeclaration } from './routes';

/**
 * Names a schema that answers and bodies share (`named('Product', z.object(...))`): the document
 * writes it once under `components.schemas` and refers to it by its id. Ids live in zod's global
 * registry, beside the descriptions `.describe()` keeps there.
 */
export function named<S extends z.ZodType>(id: string, schema: S): S {
  return schema.meta({ id }) as S;
}

type JsonSchema = Record<string, unknown>;

const componentRef = (id: string) => `#/components/schemas/${id}`;
const conversion = { unrepresentable: 'any', io: 'output', reused: 'inline', cycles: 'ref' } as const;

/**
 * A schema as JSON Schema, its named parts as references into the document's components. Inputs
 * are described as a caller may send them (`io: 'input'`: fields the route ignores are allowed),
 * answers as they are sent.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: componentRef(id) };
  const { $schema: _dialect, $defs: _defs, ...json } = z.toJSONSchema(schema, { ...conversion, io }) as JsonSchema;
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${componentRef('')}`)) as JsonSchema;
}

/** Every named schema, for `components.schemas`. */
function namedComponents(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { ...conversion, uri: componentRef }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, id: _id, ...rest } = schema;
      return [id, rest];
    }),
  );
}

/** What a caller rule means for the document: who may call (security requirements) and the refusals it implies. */
export interface RuleDocumentation {
  security: Record<string, string[]>[];
  /** 401 and/or 403 */
  refusals: number[];
}

export interface OpenApiSettings<Rule> {
  info: { title: string; version: string; description: string };
  /** Where the routes are mounted ('/api'). */
  server: string;
  securitySchemes: Record<string, JsonSchema>;
  describeRule(rule: Rule): RuleDocumentation;
  /** Every failure's body (`{ message }`). */
  failure: z.ZodType;
  /** What each failure status means, for every route that may answer it. */
  failures: Record<number, string>;
}

/**
 * The OpenAPI 3.1 document of declared routes: paths, parameters, bodies and answers from each
 * declaration's schemas; security and refusals from its caller rule; 400 where it reads input.
 */
export function openApiDocument<Rule>(routes: readonly RouteDeclaration<never, Rule>[], settings: OpenApiSettings<Rule>) {
  const paths: Record<string, Record<string, unknown>> = {};
  const failureAnswer = (status: number) => ({
    description: settings.failures[status],
    content: { 'application/json': { schema: jsonSchemaOf(settings.failure) } },
    ...(status === 429 || status === 503
      ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
      : {}),
  });

  for (const route of routes) {
    const { security, refusals } = settings.describeRule(route.access);
    const readsInput = Boolean(route.params || route.query || route.headers || route.body);
    const statuses = [...new Set([...(readsInput ? [400] : []), ...refusals, ...(route.failures ?? [])])].sort();
    const status = route.status ?? 200;
    const operation = {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      security,
      parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query'), ...parametersOf(route.headers, 'header')],
      ...(route.body ? { requestBody: requestBodyOf(route.body) } : {}),
      responses: {
        [status]: {
          description: route.summary,
          content: { [route.answerType ?? 'application/json']: { schema: jsonSchemaOf(route.answer) } },
          ...(route.answerHeaders
            ? {
                headers: Object.fromEntries(
                  Object.entries(route.answerHeaders).map(([name, header]) => {
                    const { description, ...schema } = jsonSchemaOf(header);
                    return [name, { description, schema }];
                  }),
                ),
              }
            : {}),
        },
        ...(route.redirect
          ? {
              [route.redirect.status]: {
                description: route.redirect.description,
                headers: { Location: { description: 'Where to ask instead', schema: { type: 'string' } } },
              },
            }
          : {}),
        ...Object.fromEntries(statuses.map((code) => [code, failureAnswer(code)])),
      },
    };
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: settings.info,
    servers: [{ url: settings.server }],
    paths,
    components: { securitySchemes: settings.securitySchemes, schemas: namedComponents() },
  };
}

function parametersOf(shape: z.ZodObject | undefined, place: 'path' | 'query' | 'header') {
  if (!shape) return [];
  return Object.entries(shape.shape).map(([name, schema]) => {
    const { description, ...json } = jsonSchemaOf(schema as z.ZodType, 'input');
    return {
      name,
      in: place,
      required: place === 'path' || !(schema as z.ZodType).safeParse(undefined).success,
      description,
      schema: json,
    };
  });
}

function requestBodyOf(body: z.ZodType | 'image' | 'raw') {
  if (body === 'image')
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } }, required: ['image'] },
        },
      },
    };
  if (body === 'raw') return { required: true, content: { 'application/json': { schema: {} } } };
  return { required: !body.safeParse(undefined).success, content: { 'application/json': { schema: jsonSchemaOf(body, 'input') } } };
}
