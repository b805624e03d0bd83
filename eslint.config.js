import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', '.data', 'node_modules', 'src/routeTree.gen.ts', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Machine actions in setup() are declared with typed, unused parameters that
      // src/main.tsx and the tests provide.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-empty-function': 'off',
      // `onClick={() => actor.send(…)}` reads better than a braced body.
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    // TanStack Router's beforeLoad signals redirects by throwing redirect(), by design.
    files: ['src/routes/**/*.tsx'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The offline page's script (public/offline.js): plain browser JavaScript, served as it is.
    files: ['public/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { window: 'readonly', document: 'readonly' },
    },
  },
  {
    // The bench's bare player page: plain browser JavaScript, served as it is; `Hls` is the
    // global of hls.js's UMD build.
    files: ['bench/bare/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { Hls: 'readonly', document: 'readonly', location: 'readonly', fetch: 'readonly' },
    },
  },
)
