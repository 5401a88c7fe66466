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
  /** Read from the object's property of that name (a column, or a getter of the entity). */
  plain: Set<string>;
  /** Made by a @FieldResolver. */
  resolved: Set<string>;
  /** The columns the resolved fields that declare them read (`@ReadsColumns`). */
  declared: Map<string, readonly string[]>;
}

/**
 * Declares, on a @FieldResolver, the columns of its object the resolver reads (property names; its
 * loaders key on `id`): a list asking for the field then reads those columns, where a field
 * without it has every column read. Kept in the schema's field extensions, beside the resolver.
 */
export const ReadsColumns = (...columns: string[]) => Extensions({ readsColumns: columns });

/**
 * `askedFieldsAt`, split into the fields graphql-js reads from the object itself and those a
 * resolver makes (the schema knows which: only a @FieldResolver gives a field a `resolve`).
 */
export function askedFieldsOf(info: GraphQLResolveInfo, path: readonly string[]): AskedFields {
  let type = getNamedType(info.returnType);
  for (const name of path) {
    const field = isObjectType(type) ? type.getFields()[name] : undefined;
    type = field ? getNamedType(field.type) : type;
  }
  const fields = isObjectType(type) ? type.getFields() : {};
  const asked: AskedFields = { plain: new Set(), resolved: new Set(), declared: new Map() };
  for (const name of askedFieldsAt(info, path)) {
    const field = fields[name];
    if (!field?.resolve) {
      asked.plain.add(name);
      continue;
    }
    asked.resolved.add(name);
    const columns = field.extensions.readsColumns as readonly string[] | undefined;
    if (columns) asked.declared.set(name, columns);
  }
  return asked;
}

/**
 * The columns (property names) the `asked` fields read, with `always`; null when a field may read
 * any (then every column is to be read). `made` names the columns of each plain field that is not
 * a column of its own name (an entity's getter); a resolved field reads what its `@ReadsColumns`
 * declares, and one that declares nothing may read any.
 */
export function columnsAsked(
  asked: AskedFields,
  columns: { has(column: string): boolean },
  made: Readonly<Record<string, readonly string[]>>,
  always: readonly string[] = [],
): string[] | null {
  const needed = new Set(always);
  for (const field of asked.plain) {
    const from = Object.hasOwn(made, field) ? made[field] : columns.has(field) ? [field] : null;
    if (!from) return null;
    for (const column of from) needed.add(column);
  }
  for (const field of asked.resolved) {
    const from = Object.hasOwn(made, field) ? made[field] : asked.declared.get(field);
    if (!from) return null;
    for (const column of from) {
      // A property set only on some reads (a guest link's token) is no column: a resolver's mistake.
      if (!columns.has(column)) throw new Error(`${field} declares ${column}, which is not a column`);
      needed.add(column);
    }
  }
  return [...needed];
}
