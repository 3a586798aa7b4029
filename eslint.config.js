// ESLint's one configuration: the recommended sets of ESLint, typescript-eslint and
// eslint-plugin-svelte (Svelte files parsed with the project's svelte.config.js), with Prettier
// owning layout:
// eslint-config-prettier turns the stylistic rules off. Import boundaries are not checked here but
// by dependency-cruiser from .dependency-cruiser.cjs, the one place the layers are written down.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default ts.config(
  {
    ignores: [
      'build/',
      '.svelte-kit/',
      'test-results/',
      'playwright-report/',
      'tests/bench/results/',
      'tests/interop/joplin/',
      // Deliberately broken input for the import-rule test: it must keep breaking the rules.
      'tests/imports/fixtures/',
      // Test data: plugins that are hostile or malformed on purpose, Markdown corpora.
      'tests/fixtures/',
      'e2e/fixtures/'
    ]
  },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  prettier,
  ...svelte.configs.prettier,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The regular expressions that name control characters are there to match them: the
      // search folder's \x00 field separator, the sanitizers of exported names and of plugin
      // output, the terminal colour codes stripped from a child process's output.
      'no-control-regex': 'off',
      // eslint-plugin-svelte reads the why-text after `--` in `svelte-ignore code -- why` as more
      // codes and reports them unused; the Svelte compiler itself (svelte-check, warnings fail)
      // checks the codes.
      'svelte/no-unused-svelte-ignore': 'off',
      // A field destructured only to leave it out of the rest is used; so is a `_`-named parameter
      // that keeps a callback's position; a caught error may go unread (`catch (error) { … }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }
      ]
    }
  },
  {
    files: ['**/*.ts', '**/*.svelte'],
    // TypeScript checks names itself (svelte-check); no-undef knows no types or DOM lib globals.
    rules: { 'no-undef': 'off' }
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      // No type information (`projectService`): no rule of the recommended sets needs it, svelte-check
      // type-checks the project with its tsconfig, and typed parsing made this run take minutes.
      parserOptions: {
        extraFileExtensions: ['.svelte'],
        parser: ts.parser,
        svelteConfig
      }
    }
  },
  {
    // Plugin scripts run in the sandbox's worker, where the runtime provides `folio` (and `joplin`).
    files: ['static/plugins/**/*.js'],
    languageOptions: { globals: { ...globals.worker, folio: 'readonly', joplin: 'readonly' } }
  },
  {
    // State keeps collections as `$state.raw` replaced whole (STYLE.md) or as private bookkeeping no
    // view reads; a SvelteMap would track every get and set for nothing.
    files: ['src/lib/state/**'],
    rules: { 'svelte/prefer-svelte-reactivity': 'off' }
  },
  {
    // CommonJS files (the import rules and their resolver settings) are loaded with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  },
  {
    // Tests read protocol JSON (MCP results, tool payloads, model requests) to assert on its fields;
    // typing each shape would restate the protocol in every test.
    files: ['e2e/**', 'tests/**', '**/*.test.ts', '**/*-test-kit.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' }
  },
  {
    // plugin-runtime.js defines folioPluginRuntime as a script global that plugin-frame.js reads.
    files: ['static/plugin-frame.js'],
    languageOptions: { globals: { folioPluginRuntime: 'readonly' } }
  }
);
