// ESLint's one configuration: the recommended sets of ESLint, typescript-eslint and
// eslint-plugin-svelte (Svelte files parsed with the project's svelte.config.js and, through the
// TypeScript project service, its tsconfig.json), with Prettier owning layout:
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
      'tests/imports/fixtures/'
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
      // `_`-prefixed names are kept on purpose (a destructured field dropped from a copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }
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
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.svelte'],
        parser: ts.parser,
        svelteConfig
      }
    }
  },
  {
    // Plugin scripts run in the sandbox's worker, where the runtime provides `folio`; the fixtures
    // are hostile or odd on purpose, and opt out of the type check that checkJs would run on them.
    files: ['static/plugins/**/*.js', 'tests/fixtures/plugins/**/*.js'],
    languageOptions: { globals: { ...globals.worker, folio: 'readonly', joplin: 'readonly' } },
    rules: { '@typescript-eslint/ban-ts-comment': ['error', { 'ts-nocheck': 'allow-with-description' }] }
  },
  {
    // plugin-runtime.js defines folioPluginRuntime as a script global that plugin-frame.js reads.
    files: ['static/plugin-frame.js'],
    languageOptions: { globals: { folioPluginRuntime: 'readonly' } }
  }
);
