// Lint for both workspaces: typescript-eslint, React hooks, and the layout's import boundaries.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's layers, bottom to top: each imports only those below it. */
const serverLayers = ['server-common', 'server-db', 'server-infrastructure', 'http-kit', 'module', 'seed', 'server-app'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.test-dist/**',
      '**/dist-dev/**',
      '**/node_modules/**',
      'frontend/src/gql/**',
      'frontend/e2e/screenshots/**',
      'frontend/test-results/**',
      '.data/**',
      // Builds compared by npm run bench:ab (git ignores the folder too).
      'backend/ab/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests may reach into loosely typed answers (GraphQL JSON) and use console for diagnostics.
    files: ['**/*.test.{ts,tsx}', 'backend/test/**', 'frontend/e2e/**', 'frontend/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
  {
    // No import cycles in either workspace: a cycle hides a layer that runs back up, and makes module start-up order matter.
    files: ['backend/src/**/*.{ts,tsx}', 'frontend/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // CommonJS files (a require hook) load modules the CommonJS way.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Scripts and benchmarks talk to a terminal.
    files: ['**/scripts/**', 'backend/bench/**', 'backend/dev/**', 'frontend/e2e/run.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // Layout rules (docs/architecture.md, "Layers"). Client: a feature never imports another feature
    // nor app/; app/ assembles features. Server, bottom to top: common/, config.ts, db/, events/ and
    // jobs/, http-kit/, modules/, seed/, app/, main.ts; each layer imports only the layers below it.
    files: ['frontend/src/**/*.{ts,tsx}', 'backend/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['frontend/src/**/*', 'backend/src/**/*'],
      'boundaries/elements': [
        { type: 'feature', pattern: 'frontend/src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'frontend/src/app' },
        { type: 'shared', pattern: 'frontend/src/(components|lib|operations|gql|test)' },
        { type: 'server-common', pattern: 'backend/src/common' },
        { type: 'server-db', pattern: 'backend/src/db' },
        { type: 'server-infrastructure', pattern: 'backend/src/(events|jobs)' },
        { type: 'http-kit', pattern: 'backend/src/http-kit' },
        { type: 'module', pattern: 'backend/src/modules' },
        { type: 'seed', pattern: 'backend/src/seed' },
        { type: 'server-app', pattern: 'backend/src/app' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: ['app', 'feature'] } } },
              message: 'A feature may not import app/ or another feature: move shared pieces to components/, lib/ or operations/',
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { type: ['app', 'feature'] } } },
              message: 'Shared code may not import app/ or a feature',
            },
            ...serverLayers.map((layer, i) => ({
              from: { element: { type: layer } },
              disallow: { to: { element: { type: serverLayers.slice(i + 1) } } },
              message: `${layer} may not import a layer above it (${serverLayers.slice(i + 1).join(', ')})`,
            })),
          ],
        },
      ],
    },
  },
  {
    // The two layers the boundaries plugin does not classify: config/ sits right above common/,
    // main.ts on top of everything.
    files: ['backend/src/config/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!common/)', message: 'config/ may import only common/' }] }],
    },
  },
  {
    // The HTTP toolkit serves any module: it knows HTTP and common/, nothing of the shop.
    files: ['backend/src/http-kit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!common/)', message: 'http-kit/ may import only common/ (and packages)' }] },
      ],
    },
  },
  {
    // A module is used through its index.ts (modules/<name>/index.ts): what it offers the others,
    // and its declaration for the app. Inside a module, files import each other directly.
    files: ['backend/src/modules/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[a-z-]+/', message: "Import another module through its index ('../<module>'), not its files" },
            { regex: '^\\./(index)?$', message: "A module's own files import each other, not its index" },
          ],
        },
      ],
    },
  },
  {
    files: ['backend/src/common/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: 'common/ imports nothing above it' }] }],
    },
  },
  prettier,
);
