// One lint config for the whole repository. Besides the TypeScript and React-hooks rules it
// enforces the boundaries of docs/arquitetura.md (A forma do repositório): no app imports another
// app's files, axios only in packages/api-client, socket.io-client only in the shell (and
// server-side tests); no import cycles; no feature of an app imports another feature. Rules that
// need types run with the project service, so promises dropped by mistake are errors.
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APPS = ['shell', 'remote-chat', 'remote-team', 'remote-settings', 'remote-root', 'server', 'bench'];

/** Forbid relative imports that climb into another app or into a package's sources. */
function crossAppPatterns(app) {
  return APPS.filter((other) => other !== app).map((other) => ({
    // A workspace package's own name (`@chat/server/bench-api`) is its exports map, not a path into it.
    group: [`**/${other}/**`, `../**/${other}`, `!@chat/${other}/*`],
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

/**
 * Where an app's features may import one another, the rule's explicit exceptions:
 * - `roots` compose the features (route areas, layouts) and may import any of them;
 * - `entries` name the one file of another feature a feature may import: the shell's remote slots
 *   fill the header through its header slot; the chat composer carries the upload's button.
 */
const FEATURE_EXCEPTIONS = {
  shell: {
    roots: ['areas', 'navigation'],
    entries: { remotes: ['navigation/header-slot.ts'] },
  },
  'remote-chat': {
    roots: ['layout'],
    // The message box holds the image button and the preview of the images picked with it, the
    // clip's menu, the voice recorder; the chat takes files dropped on it.
    entries: {
      chat: [
        'upload/components/image-upload-button.tsx',
        'upload/components/image-drafts-panel.tsx',
        'upload/hooks/use-image-drafts.ts',
        'upload/components/attach-menu.tsx',
        'upload/components/voice-controls.tsx',
        'upload/hooks/use-voice-recorder.ts',
        'upload/components/drop-overlay.tsx',
        'upload/hooks/use-file-drop.ts',
      ],
    },
  },
};

/**
 * Each app's features live in `src/features/<name>/`; one feature does not import another, so the
 * code two of them share moves down into `src/shared` or a package.
 */
function featureZones(app) {
  const dir = `${app}/src/features`;
  if (!fs.existsSync(dir)) return [];
  const { roots = [], entries = {} } = FEATURE_EXCEPTIONS[app] ?? {};
  const features = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return features
    .filter(({ name }) => !roots.includes(name))
    .map(({ name }) => ({
      target: `./${dir}/${name}`,
      from: `./${dir}`,
      except: [name, ...(entries[name] ?? [])].map((allowed) => `./${allowed}`),
      message: `A feature does not import another feature: move what ${name} needs into src/shared or a package.`,
    }));
}

/** Test files: code that drives the product, not the product. */
const TEST_FILES = ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', '**/src/testing/**/*.{ts,tsx}', '**/src/test/**/*.ts', 'vitest.setup.ts'];

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
  {
    ignores: [
      '**/dist/**',
      '**/dist-dev/**',
      '**/dist-prerender/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'test-results/**',
      '**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The few TypeScript files no tsconfig includes get the default project.
        projectService: {
          allowDefaultProject: [
            'vitest.config.ts',
            'vitest.setup.ts',
            'packages/api-client/vitest.config.ts',
            'packages/contracts/vitest.config.ts',
            'packages/event-bus/vitest.config.ts',
            'packages/outbox/vitest.config.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Left off: many functions are `async` to keep a promise-returning contract (route handlers,
      // fixtures, fakes of async interfaces); dropping the keyword would turn their throws into
      // synchronous ones at the caller.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Left off in tests: their mocks and parsed response bodies are `any` by nature and typed by
    // assertion where they are read (checking each access would mean typing every fake);
    // `expect(fake.method)` is how vitest asserts calls, not a lost `this`; and a few tests run the
    // product's inline scripts through `new Function`.
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-implied-eval': 'off',
    },
  },
  { files: ['**/*.{mjs,js,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Tests may assemble several features, as the app does.
    files: ['{shell,remote-*}/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: ['shell', 'remote-chat', 'remote-team', 'remote-settings', 'remote-root'].flatMap(featureZones) },
      ],
    },
  },
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
  // The benchmarks drive the server through its bench-api export and the real client.
  boundaries('bench', { allowSocket: true }),
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
