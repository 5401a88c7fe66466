// Lint for both workspaces: typescript-eslint, React hooks, and the layout's import boundaries.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'frontend/src/gql/**',
      'frontend/e2e/screenshots/**',
      'frontend/test-results/**',
      '.data/**',
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
    // Scripts talk to a terminal.
    files: ['**/scripts/**', 'backend/src/scripts/**', 'frontend/e2e/run.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // Layout rules (README "A short tour"): a feature never imports another feature nor app/;
    // app/ assembles features. Backend modules never import http/, which only assembles the app.
    files: ['frontend/src/**/*.{ts,tsx}', 'backend/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['frontend/src/**/*', 'backend/src/**/*'],
      'boundaries/elements': [
        { type: 'feature', pattern: 'frontend/src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'frontend/src/app' },
        { type: 'shared', pattern: 'frontend/src/(components|lib|graphql|gql|test)' },
        { type: 'http', pattern: 'backend/src/http' },
        { type: 'module', pattern: 'backend/src/modules/*', capture: ['module'] },
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
              message: 'A feature may not import app/ or another feature: move shared pieces to components/, lib/ or graphql/',
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
            {
              from: { element: { type: 'module' } },
              disallow: { to: { element: { type: 'http' } } },
              message: 'A module may not import http/: shared REST helpers live in common/',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
