// The planner's lint (`npm run lint:www`, run by scripts/test-www): typescript-eslint's strict
// type-checked rules over the app and its tests, the rules of hooks (Preact's hooks follow React's),
// and nothing about layout: Prettier formats (www/.prettierrc.json), eslint-config-prettier turns
// off the rules it would fight.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';

const root = new URL('.', import.meta.url).pathname;

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**'] },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The core rules of hooks; the plugin's other recommended rules are the React Compiler's,
      // which Preact does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // With noUncheckedIndexedAccess, `rows[i]!` after a bounds check is the plain way to say it.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `onClick={() => setPage(0)}`: an arrow's shorthand body is not a value anyone reads.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // The wire types say what the planner expects, not what every server or stored plan holds:
      // a `?? []` on an answer's list stays, though its type says it is always there.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // TypeScript checks names; ESLint's no-undef knows no DOM or TS types.
      'no-undef': 'off',
      // Numbers and booleans in messages are plain: `${count} rows`.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `_` names what is left out on purpose: `const { [key]: _, ...rest } = all`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // The end-to-end tests read the REST answers as untyped JSON (`any`), on purpose: they
    // compare what the server says with what the page shows, whatever its shape.
    files: ['e2e/**/*.ts'],
    rules: {
      // No component here: `useE2E` is vitest's setup, not a hook.
      'react-hooks/rules-of-hooks': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.mjs'],
    // Node scripts (the build's precompress step, the benchmarks); the browser code they send
    // into pages runs there.
    languageOptions: {
      globals: Object.fromEntries(
        [
          'process',
          'console',
          'URL',
          'Buffer',
          'setTimeout',
          'clearTimeout',
          'performance',
          'document',
          'window',
          'location',
          'navigator',
          'PerformanceObserver',
          'Event',
          'requestAnimationFrame',
          'fetch',
          'requestAnimationFrame',
          'MutationObserver',
        ].map((name) => [name, 'readonly']),
      ),
    },
    rules: { 'no-empty': ['error', { allowEmptyCatch: true }] },
  },
  prettier,
);
