import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The modules use each other through their index.ts; lint's import-x/no-cycle does not follow type
 * imports, so this holds the graph of modules, type imports included, free of cycles: a cycle would
 * make two modules one, and an index pull in one that pulls it back.
 */
const MODULES = path.resolve(__dirname, '../../src/modules');

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)) {
    const uses = new Set<string>();
    for (const file of readdirSync(path.join(MODULES, name)).filter((file) => /\.tsx?$/.test(file))) {
      const source = readFileSync(path.join(MODULES, name, file), 'utf8');
      for (const [, other] of source.matchAll(/from '\.\.\/([a-z-]+)'/g)) if (other !== name) uses.add(other);
    }
    graph.set(name, uses);
  }
  return graph;
}

/** A cycle as a list of modules, or null. */
function cycleIn(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (name: string, trail: string[]): string[] | null => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...trail.slice(trail.indexOf(name)), name];
    state.set(name, 'open');
    for (const other of graph.get(name) ?? []) {
      const found = visit(other, [...trail, name]);
      if (found) return found;
    }
    state.set(name, 'done');
    return null;
  };
  for (const name of graph.keys()) {
    const found = visit(name, []);
    if (found) return found;
  }
  return null;
}

test('no module uses, even for a type, a module that uses it back', () => {
  const graph = moduleGraph();
  expect([...graph.get('checkout')!]).toEqual(expect.arrayContaining(['orders', 'pricing', 'discounts']));
  expect(cycleIn(graph)).toBeNull();
});

test('the check finds a cycle where there is one', () => {
  expect(
    cycleIn(
      new Map([
        ['a', new Set(['b'])],
        ['b', new Set(['c'])],
        ['c', new Set(['a'])],
      ]),
    ),
  ).toEqual(['a', 'b', 'c', 'a']);
});
