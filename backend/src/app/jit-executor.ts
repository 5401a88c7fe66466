import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import {
  astFromValue,
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  getNullableType,
  getVariableValues,
  isInputObjectType,
  isInputType,
  isListType,
  Kind,
  type OperationDefinitionNode,
  printSchema,
  typeFromAST,
  valueFromASTUntyped,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { BoundedMap } from '../common/bounded-map';

type Gateway = ApolloServerOptionsWithGateway<Record<string, unknown>>['gateway'];

/** Query texts remembered as accepted (they are the client's to choose), and the longest one. */
const MAX_ACCEPTED = 500;
const MAX_ACCEPTED_TEXT = 16 * 1024;

/** A query or mutation Apollo Server has parsed, validated and run before, as graphql-jit compiled it. */
export interface AcceptedQuery {
  /** Its request's text and operation name, as `acceptedQuery` finds it. */
  readonly key: string;
  /** The document Apollo parsed and validated, and the operation it picked. */
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  /**
   * Runs it: the variables are judged first, as graphql-js judges them (a bad one is refused with
   * BAD_USER_INPUT, as Apollo codes it); every error has `extensions`, which Apollo reads.
   */
  run(context: object, variables: Record<string, unknown>): Promise<ExecutionResult>;
}

/**
 * Apollo Server's operations, run with graphql-jit instead of graphql-js's interpreter through
 * Apollo's executor hook (its "gateway" interface, here over one fixed schema). graphql-jit
 * compiles each operation once into a function that calls the same resolvers and builds the answer
 * as plain objects: on the product list's 20 rows graphql-js spent about 60 µs a request executing
 * and serialising the answer, graphql-jit about 9.
 *
 * The queries and mutations Apollo has accepted (parsed, validated with every rule, armor's limits
 * included, and run) are remembered by their text, so that the GraphQL endpoint can run the same
 * text again without Apollo's request pipeline (app/graphql-handler.ts), its plugins' hooks called
 * and its errors formatted as Apollo does (`KeenApolloServer.respond` in app/apollo.ts).
 */
export class CompiledOperations {
  // Apollo keeps parsed documents (and so their identity) in its document cache: a compiled
  // operation lives as long as its document does, or as its text is remembered as accepted.
  private readonly compiled = new WeakMap<DocumentNode, Map<string, AcceptedQuery>>();
  private readonly accepted = new BoundedMap<string, AcceptedQuery>(MAX_ACCEPTED);

  constructor(readonly schema: GraphQLSchema) {}

  /** The query Apollo accepted with this text and operation name (null: none named), if it did. */
  acceptedQuery(query: string, operationName: string | null): AcceptedQuery | undefined {
    return this.accepted.get(acceptedKey(query, operationName));
  }

  gateway(): Gateway {
    let announce: ((schemaContext: { apiSchema: GraphQLSchema; coreSupergraphSdl: string }) => void) | null = null;
    const { schema } = this;
    return {
      onSchemaLoadOrUpdate(callback) {
        announce = callback;
        return () => {
          announce = null;
        };
      },
      load: async () => {
        announce?.({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
        return {
          executor: async ({ document, operationName, operation, request, context }) => {
            // The operation name as the request gave it (`operationName` is the name of the operation Apollo picked).
            const key = acceptedKey(request.query ?? '', request.operationName);
            const query = this.compiledFor(document, operationName, operation, key);
            if (!('run' in query)) return query;
            if (operation.operation !== 'subscription' && request.query !== undefined && request.query.length <= MAX_ACCEPTED_TEXT)
              this.accepted.set(key, query);
            return query.run(context, request.variables ?? {});
          },
        };
      },
      stop: async () => {
        // A stopped server answers nothing: its queries are not run without it either.
        this.accepted.clear();
      },
    };
  }

  /**
   * The operation compiled (once per document and request key), or graphql-js's error about the
   * operation itself (Apollo runs a document whose operation it could not pick: `operation` is then missing).
   */
  private compiledFor(
    document: DocumentNode,
    operationName: string | null,
    operation: OperationDefinitionNode | undefined,
    key: string,
  ): AcceptedQuery | ExecutionResult {
    let byKey = this.compiled.get(document);
    if (!byKey) this.compiled.set(document, (byKey = new Map()));
    let accepted = byKey.get(key);
    if (!accepted) {
      const made = compileQuery(this.schema, document, operationName ?? undefined);
      if (!isCompiledQuery(made)) return made;
      // graphql-jit picks the operation as Apollo does (graphql-js's getOperationAST): compiled, it is there.
      byKey.set(key, (accepted = this.runnable(made, document, operation!, key)));
    }
    return accepted;
  }

  private runnable(compiled: CompiledQuery, document: DocumentNode, operation: OperationDefinitionNode, key: string): AcceptedQuery {
    const { schema } = this;
    return {
      key,
      document,
      operation,
      async run(context, variables) {
        // graphql-js judges the variables first, so a bad one is refused as before (the same
        // message, and BAD_USER_INPUT): graphql-jit's own refusals say less and carry no code.
        const checked = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 50 });
        if (checked.errors) return { errors: checked.errors.map(asUserInput) };
        const result = await compiled.query(undefined, context, withInputDefaults(schema, operation, variables));
        return result.errors ? { ...result, errors: result.errors.map(withExtensions) } : result;
      },
    };
  }
}

function acceptedKey(query: string, operationName: string | null | undefined): string {
  return `${operationName ?? ''}\n${operationName == null ? '-' : '+'}${query}`;
}

/**
 * The variables with the defaults of the input fields they leave out, as graphql-js fills them in:
 * graphql-jit refuses a required field with a default (`take: Int! = 20`) when it is left out.
 */
function withInputDefaults(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>) {
  const filled = { ...variables };
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type);
    const name = definition.variable.name.value;
    if (type && isInputType(type) && filled[name] !== undefined) filled[name] = fillDefaults(type, filled[name]);
  }
  return filled;
}

function fillDefaults(type: GraphQLInputType, value: unknown): unknown {
  const nullable = getNullableType(type);
  if (value === null || typeof value !== 'object') return value;
  if (isListType(nullable)) return Array.isArray(value) ? value.map((item) => fillDefaults(nullable.ofType, item)) : value;
  if (!isInputObjectType(nullable) || Array.isArray(value)) return value;
  const filled: Record<string, unknown> = { ...value };
  for (const field of Object.values(nullable.getFields())) {
    if (filled[field.name] !== undefined) filled[field.name] = fillDefaults(field.type, filled[field.name]);
    else if (field.defaultValue !== undefined) {
      // The default as a client would send it (an enum's name, not its internal value).
      const literal = astFromValue(field.defaultValue, field.type);
      if (literal) filled[field.name] = valueFromASTUntyped(literal);
    }
  }
  return filled;
}

/** A variable graphql-js could not coerce, coded as Apollo Server codes it (its UserInputError). */
function asUserInput(error: GraphQLError): GraphQLError {
  const [node, ...others] = error.nodes ?? [];
  if (node?.kind !== Kind.VARIABLE_DEFINITION || others.length || error.extensions.code != null) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    originalError: error.originalError ?? error,
    extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
  });
}

/** graphql-jit's own errors (a null in a non-null field, a value a scalar cannot serialise) may lack `extensions`, which Apollo reads. */
function withExtensions(error: GraphQLError): GraphQLError {
  if (error.extensions) return error;
  const copy = new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined });
  return Object.assign(copy, { locations: error.locations });
}
