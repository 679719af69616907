// ESLint: typescript-eslint's type-aware recommended rules over src/, test/, bench/ and scripts/.
// Formatting is Prettier's (prettier.config.js), so no stylistic rules here.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'build/',
      'prebuilds/',
      'node_modules/',
      'src/generated/',
      'coverage/',
      '.cache/',
      'bench/results/',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Interface methods (MCP Transport, runner plugins, fs ops) return promises by contract; an
      // `async` body without an await says so more plainly than Promise.resolve().
      '@typescript-eslint/require-await': 'off',
      // Parsers of terminal output, NUL-separated process tables and binary sniffing match control
      // characters on purpose.
      'no-control-regex': 'off',
      // Unused arguments and caught errors named with a leading _ say so on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Tests, benchmarks and build scripts read JSON from processes and files and poke at results:
    // `any` from JSON.parse is how they inspect what came back, so the no-unsafe-* family is off
    // there. Product code (src/) keeps every rule.
    files: ['test/**', 'bench/**', 'scripts/**', 'vitest.config.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // expect(object.method) and spies pass methods unbound by design.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    // The report page's browser script keeps the type-aware rules: its own tsconfig checks it.
    ignores: ['src/report/browser/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The report page's browser script (src/report/browser/) runs in a browser, not in Node. Its
    // data is the JSON the page embeds (untyped, as in the tests), so the no-unsafe-* family is off.
    files: ['src/report/browser/**/*.js'],
    languageOptions: { globals: globals.browser },
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
