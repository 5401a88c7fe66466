import { type GraphQLResolveInfo, Kind, type SelectionNode } from 'graphql';

/**
 * The names of the fields a query asks for on the items of a list answer (`{ items { ... } }`),
 * through fragments and aliases; @include/@skip are not evaluated, so a field that may be skipped
 * counts as asked. For reading only the columns an answer needs.
 */
export function askedItemFields(info: GraphQLResolveInfo): Set<string> {
  const asked = new Set<string>();
  const visit = (selections: readonly SelectionNode[], inItems: boolean): void => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) {
        if (inItems) asked.add(selection.name.value);
        else if (selection.name.value === 'items' && selection.selectionSet) visit(selection.selectionSet.selections, true);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet.selections, inItems);
      } else {
        const fragment = info.fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet.selections, inItems);
      }
    }
  };
  for (const node of info.fieldNodes) if (node.selectionSet) visit(node.selectionSet.selections, false);
  return asked;
}
