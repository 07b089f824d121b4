// One lint config for the whole repository. Besides the TypeScript and React-hooks rules it
// enforces the boundaries of docs/arquitetura.md (A forma do repositório): no app imports another
// app's files, axios only in packages/api-client, socket.io-client only in the shell (and
// server-side tests).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APPS = ['shell', 'remote-chat', 'remote-team', 'remote-settings', 'remote-root', 'server'];

/** Forbid relative imports that climb into another app or into a package's sources. */
function crossAppPatterns(app) {
  return APPS.filter((other) => other !== app).map((other) => ({
    group: [`**/${other}/**`, `../**/${other}`],
    message: `${app} must not import ${other}'s files: share through packages/* or the event bus.`,
  }));
}

const packageSrcPattern = {
  group: ['**/packages/*/src/**', '@chat/*/src/**'],
  message: 'Import a workspace package by its name (its exports map), never its src.',
};
const axiosPattern = { group: ['axios', 'axios/*'], message: 'Only packages/api-client may import axios.' };
const socketPattern = {
  group: ['socket.io-client', 'socket.io-client/*'],
  message: 'Only the shell opens the socket; remotes use the event bus.',
};

function boundaries(app, { allowSocket = false } = {}) {
  return {
    files: [`${app}/**/*.{ts,tsx,mts}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...crossAppPatterns(app), packageSrcPattern, axiosPattern, ...(allowSocket ? [] : [socketPattern])] },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-dev/**', '**/dist-prerender/**', '**/node_modules/**', '**/drizzle/**', 'test-results/**', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['{shell,remote-*,packages/ui}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['**/*.{mjs,js}'], languageOptions: { globals: globals.node } },
  {
    // Playwright reads a fixture's dependencies from its destructured first parameter: `{}` is
    // how a fixture says it has none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  boundaries('shell', { allowSocket: true }),
  boundaries('remote-chat'),
  boundaries('remote-team'),
  boundaries('remote-settings'),
  boundaries('remote-root'),
  // The server's socket tests drive it with the real client.
  boundaries('server', { allowSocket: true }),
  {
    files: ['packages/**/*.{ts,tsx}'],
    ignores: ['packages/api-client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [packageSrcPattern, axiosPattern, socketPattern] }] },
  },
  {
    files: ['packages/api-client/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [packageSrcPattern, socketPattern] }] },
  },
);
