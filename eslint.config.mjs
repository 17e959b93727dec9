// One lint configuration for every package; each package runs `eslint . --max-warnings 0`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import boundaries from './tools/eslint-rules/boundaries.mjs';

// Attributes checked by i18next/no-literal-string (full-name patterns). Text a person reads or
// hears, plus props that render React nodes: an attribute left out is skipped with everything
// inside it, so <Route element={<p>Hello</p>} /> is only checked because `element` is listed.
const USER_VISIBLE_ATTRIBUTES = [
  'alt', 'title', 'placeholder', 'label', 'aria-(label|description|placeholder|roledescription|valuetext)',
  'hint', 'validationMessage', 'description', 'caption', 'header', 'footer', 'content',
  '[a-z]+(Label|Text|Title|Message|Placeholder|Description|Hint)',
  'children', 'element', 'fallback', 'icon', '[a-z]+Icon', 'render[A-Za-z]*', 'media', 'actions?',
  'trigger', 'before', 'after', 'content(Before|After)',
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/test-results/**',
      '**/playwright-report/**', '**/.data/**', '**/*.config.{js,cjs,mjs}', '**/jest.preset.cjs',
      'scripts/**', '.ci/**', 'tools/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Issue 5: no user-visible string is written outside i18n (docs/decisions.md, issue 5 section).
    // JSX text, string children and the attributes below must come from t(); what is not language
    // (punctuation, digits, symbols, emoji) passes.
    files: ['host/**/*.{ts,tsx}', 'remotes/*/**/*.{ts,tsx}', 'shared/ui/**/*.{ts,tsx}', 'shared/map/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', {
        mode: 'jsx-only',
        'should-validate-template': true,
        message: 'User-visible text must come from i18n (t() with a key in en and zh)',
        words: { exclude: [/^[\p{P}\p{S}\p{N}\s]+$/u] },
        'jsx-attributes': { include: USER_VISIBLE_ATTRIBUTES },
      }],
    },
  },
  {
    // Issue 16: the package direction (tools/eslint-rules/boundaries.mjs). `featureRemotes` are
    // the remotes whose top folders are features that meet only through their index.ts.
    files: ['**/*.{ts,tsx,mts,cts,mjs}'],
    plugins: { ptt: boundaries },
    rules: { 'ptt/boundaries': ['error', { root: import.meta.dirname, featureRemotes: ['dispatch', 'management', 'records', 'fences'] }] },
  },
  {
    // The benchmarks' plain JavaScript has no types to check: the type-aware rules would only
    // report its `any`s, so these files get the JavaScript rules (their .ts pages are fully typed).
    files: ['bench/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // A benchmark's product is its figures on stdout (scripts/bench.mjs reads the last line).
    files: ['bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures take `{}` and call `use`, which is not a React hook.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
