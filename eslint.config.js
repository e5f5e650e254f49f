import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Folder boundaries live here, not in a wiki (STYLE.md): the engine is pure and knows nothing
 * of the page; storage sits behind persistence/; React never touches IndexedDB.
 */
/** What a page is made of: the engine and the classroom modules import none of it. */
const PAGE_LIBRARIES = [
  'react',
  'react-dom',
  'react/*',
  '@xyflow/*',
  'zustand',
  'zustand/*',
  'idb-keyval',
  '@xstate/react',
];
/**
 * harness-core is used through its entries by name, as an installer would: `harness-core` (the
 * public one, packages/harness-core/src/index.ts) or `harness-core/sim` (the simulator's, sim.ts).
 */
const DEEP_CORE = {
  group: ['harness-core/*', '!harness-core/sim', '**/packages/**'],
  message:
    'Import harness-core by its name, through its entries (harness-core, harness-core/sim): never a file behind them.',
};

const engineOnlyXState = {
  patterns: [
    {
      group: PAGE_LIBRARIES,
      message: 'src/engine is pure TypeScript: it imports only xstate and its own files.',
    },
    {
      // But for the type of the words its data holds (a scenario's title is a dictionary key).
      regex: '(^|/)(persistence|store|ui|i18n)(/(?!words$)|$)',
      message: 'src/engine imports only its own files.',
    },
    DEEP_CORE,
  ],
};

export default tseslint.config(
  { ignores: ['dist', '**/dist', 'node_modules', 'test-results', 'playwright-report', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['patches/*.mjs', 'scripts/*.mjs', 'packages/*/examples/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_CORE] }] },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/store/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The engine package is pure in the same way, but for its stores (files, IndexedDB).
    files: ['src/engine/**/*.ts', 'packages/harness-core/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/harness-core/src/stores/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', engineOnlyXState],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'indexedDB',
          'localStorage',
          'sessionStorage',
          'fetch',
          'performance',
          'requestAnimationFrame',
        ].map((name) => ({
          name,
          message: 'src/engine runs without a page: take what you need as a parameter.',
        })),
        ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'].map((name) => ({
          name,
          message: 'No timers in src/engine: time is the TICKs it is sent (virtual clock in context).',
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'No wall clock in src/engine: inject it (SimOptions.wallClock).' },
        {
          object: 'Math',
          property: 'random',
          message: 'No unseeded randomness in src/engine: use randomAt(seed, ...).',
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'No wall clock in src/engine: inject it.' },
      ],
    },
  },
  {
    // The classroom's pure modules (lessons, compare, challenges, share, traces) stand on the
    // engine's public index and on each other: no React, no page, no storage, no timers.
    files: ['src/{lessons,compare,challenges,share,traces}/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: PAGE_LIBRARIES,
              message:
                'The classroom modules are pure TypeScript over the engine: the UI calls them, not the other way round.',
            },
            {
              // The list of languages, the numbered messages' rows and the loaded words (i18n/words: keys,
              // translate) are pure data, read here (share, traces/errors.ts, a lesson's caption key).
              regex: '(^|/)(persistence|store|ui|i18n)(/(?!(en|zh)\\.errors$|numbered$|langs$|words$)|$)',
              message:
                'The classroom modules import only the engine and each other (their words are dictionary keys: i18n/words).',
            },
            {
              group: ['**/engine/*', '!**/engine/index'],
              message: 'Import the engine through its public index (src/engine/index.ts).',
            },
            DEEP_CORE,
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'indexedDB',
          'localStorage',
          'sessionStorage',
          'fetch',
          'location',
          'history',
        ].map((name) => ({
          name,
          message: 'The classroom modules run without a page: take what you need as a parameter.',
        })),
        ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame'].map((name) => ({
          name,
          message: 'No timers here: the UI paces a lesson (PACE) and the compare view; these modules only compute.',
        })),
      ],
    },
  },
  {
    files: ['src/persistence/**/*.ts'],
    ignores: ['src/persistence/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', '@xyflow/*', 'zustand', '../ui/*', '../store/*'],
              message: 'persistence imports engine types only.',
            },
            DEEP_CORE,
          ],
        },
      ],
    },
  },
  {
    // The simulator's store runs harness-core's suite of store guarantees (coreStore.test.ts),
    // a test file the package leaves out of its build and its entry: these tests alone may reach
    // it. A regex, as a `!` in a group cannot re-include a file under a folder the group excludes.
    files: ['src/persistence/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['harness-core/*', '!harness-core/sim'], message: DEEP_CORE.message },
            {
              regex: '(^|/)packages/(?!harness-core/src/stores/suite$)',
              message: DEEP_CORE.message,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['idb-keyval', '**/persistence', '**/persistence/*'],
              message: 'The UI reads and sends through the store; storage lives behind src/persistence.',
            },
            DEEP_CORE,
          ],
        },
      ],
    },
  },
);
