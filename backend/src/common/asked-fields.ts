import { type GraphQLResolveInfo, getNamedType, isObjectType, Kind, type SelectionNode } from 'graphql';
import { Extensions } from 'type-graphql';

/**
 * The names of the fields a query asks for at `path` below the field being resolved (`['items']`:
 * on the items of a list answer; `['items', 'lines']`: on their lines), through fragments and
 * aliases; @include/@skip are not evaluated, so a field that may be skipped counts as asked. For
 * reading only the columns an answer needs.
 */
export function askedFieldsAt(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
  const asked = new Set<string>();
  const visit = (selections: readonly SelectionNode[], depth: number): void => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) {
        if (depth === path.length) asked.add(selection.name.value);
        else if (selection.name.value === path[depth] && selection.selectionSet) visit(selection.selectionSet.selections, depth + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet.selections, depth);
      } else {
        const fragment = info.fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet.selections, depth);
      }
    }
  };
  for (const node of info.fieldNodes) if (node.selectionSet) visit(node.selectionSet.selections, 0);
  return asked;
}

/** Fields asked of one object type, split by whether the schema resolves them with code of their own. */
export interface AskedFields {
  /** Read from the object's property of that name, and declaring no columns (a column, or an undeclared getter). */
  plain: Set<string>;
  /** Made by code: a @FieldResolver, or an entity's getter that declares its columns. */
  resolved: Set<string>;
  /** The columns the resolved fields that declare them read (`@ReadsColumns`). */
  declared: Map<string, readonly string[]>;
  /** By relation (`lines`): the columns of its rows the resolved fields read through it (`@ReadsColumnsOf`). */
  related: Map<string, Set<string>>;
}

/**
 * Declares, on a @FieldResolver or on an entity's getter that is a field, the columns of its object
 * it reads (property names; its loaders key on `id`): a list asking for the field then reads those
 * columns, where a field without it has every column read. Kept in the schema's field extensions,
 * beside the code that reads them.
 */
export const ReadsColumns = (...columns: string[]) => Extensions({ readsColumns: columns });

/**
 * Declares, beside `@ReadsColumns`, the columns of a relation's rows (an order's `lines`) the
 * resolver reads from its object: a list then reads the relation's rows with those columns, even
 * when the answer asks for the relation with others or not at all. One relation per field.
 */
export const ReadsColumnsOf = (relation: string, ...columns: string[]) => Extensions({ readsColumnsOf: { [relation]: columns } });

/**
 * `askedFieldsAt`, split into the fields graphql-js reads from the object itself and those code
 * makes (the schema knows which: a @FieldResolver gives a field a `resolve`, a declaring getter its
 * `readsColumns`).
 */
export function askedFieldsOf(info: GraphQLResolveInfo, path: readonly string[]): AskedFields {
  let type = getNamedType(info.returnType);
  for (const name of path) {
    const field = isObjectType(type) ? type.getFields()[name] : undefined;
    type = field ? getNamedType(field.type) : type;
  }
  const fields = isObjectType(type) ? type.getFields() : {};
  const asked: AskedFields = { plain: new Set(), resolved: new Set(), declared: new Map(), related: new Map() };
  for (const name of askedFieldsAt(info, path)) {
    const field = fields[name];
    const columns = field?.extensions.readsColumns as readonly string[] | undefined;
    if (!field?.resolve && !columns) {
      asked.plain.add(name);
      continue;
    }
    asked.resolved.add(name);
    if (columns) asked.declared.set(name, columns);
    const related = field.extensions.readsColumnsOf as Readonly<Record<string, readonly string[]>> | undefined;
    for (const [relation, relatedColumns] of Object.entries(related ?? {})) {
      const read = asked.related.get(relation) ?? new Set<string>();
      for (const column of relatedColumns) read.add(column);
      asked.related.set(relation, read);
    }
  }
  return asked;
}

/**
 * The columns (property names) the `asked` fields read, with `always`; null when a field may read
 * any (then every column is to be read): a plain field that is no column, a resolved field that
 * declares nothing.
 */
export function columnsAsked(
  asked: AskedFields,
  columns: { has(column: string): boolean },
  always: Iterable<string> = [],
): string[] | null {
  const needed = new Set(always);
  for (const column of needed) if (!columns.has(column)) throw new Error(`${column} is read always, but is not a column`);
  for (const field of asked.plain) {
    if (field === '__typename') continue;
    if (!columns.has(field)) return null;
    needed.add(field);
  }
  for (const field of asked.resolved) {
    const from = asked.declared.get(field);
    if (!from) return null;
    for (const column of from) {
      // A property set only on some reads (a guest link's token) is no column: a declaration's mistake.
      if (!columns.has(column)) throw new Error(`${field} declares ${column}, which is not a column`);
      needed.add(column);
    }
  }
  return [...needed];
}
