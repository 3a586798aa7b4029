/**
 * The import rules: Folio's layers, as STYLE.md "Boundaries" draws them, checked by
 * dependency-cruiser (`npm run lint:imports`; tests/imports/rules.test.ts shows it refusing a file
 * that breaks them). Each folder of src/lib is a tier; a tier imports only the tiers listed for it
 * below, and only through their index.ts. Where the table differs from STYLE.md's drawing, the
 * line says why.
 *
 * Test code (unit tests, test kits and helpers) is held to the same layers only where it would
 * ship: it may wire a folder with its real collaborators (the MCP tests drive the real rpc pair),
 * import a module directly to set up a state, and use tests/. Nothing anywhere imports workers/,
 * and nothing forms a cycle, tests included.
 */

/** What the app's code in each tier may import (besides itself and npm packages). */
const LAYERS = {
  core: [],
  db: ['core'],
  editor: ['core'],
  // rpc/workspace-api.ts, the contract of the worker's API, also names other tiers' types (below).
  rpc: ['core'],
  search: ['core', 'db'],
  // The search tools wrap the search index: a tool is the index as the model calls it.
  tools: ['core', 'db', 'search'],
  // Not in STYLE.md's drawing (added later): Markdown/JEX import and export, over the repositories.
  interop: ['core', 'db'],
  // Sync reads and writes Joplin's item format, which interop owns.
  sync: ['core', 'db', 'interop'],
  agent: ['core'],
  llm: ['core'],
  // MCP watches its stored settings and the change log (db's liveQuery), beside the tools it serves.
  mcp: ['core', 'db', 'tools'],
  plugins: ['core', 'rpc', 'tools'],
  // The install prompt and the update banner: SvelteKit's $app modules only.
  pwa: ['core'],
  state: [
    'core',
    'db',
    'editor',
    'rpc',
    'search',
    'tools',
    'interop',
    'sync',
    'agent',
    'llm',
    'mcp',
    'plugins',
    'pwa'
  ],
  // The editor's view (a ProseMirror EditorView, never in $state) is mounted by a component.
  components: ['state', 'editor'],
  // The layout starts the service worker and shows the update prompt ($lib/pwa's components).
  routes: ['components', 'state', 'pwa']
};

const TIERS = Object.keys(LAYERS).filter((tier) => tier !== 'routes');

/** Tiers whose types (only: `import type`) a tier may name besides LAYERS: they carry no code. */
const TYPES_ONLY = {
  // The loop drives a provider through the ChatProvider shape llm defines, and the registry's tools.
  agent: ['llm', 'tools', 'rpc'],
  llm: ['rpc', 'tools'],
  // Props and events are typed with the tiers' own shapes.
  components: TIERS.filter((tier) => !['state', 'editor', 'components'].includes(tier))
};

/**
 * npm packages that belong to a tier: only the owners' app code imports them (the owners may be
 * `workers`), and `typesFor` may name their types. Every other tier reaches the package through
 * an owner's index.ts. Packages not listed (markdown-it, …) any tier may use.
 */
const PACKAGES = [
  {
    name: 'dexie',
    packages: ['dexie'],
    owners: ['db'],
    why: "the database is db's: other tiers use its repositories, and its liveQuery to watch it"
  },
  {
    name: 'prosemirror',
    packages: [
      'prosemirror-[^/]+',
      'markdown-it-(deflist|footnote|mark)',
      '@mdit/plugin-tex',
      'katex',
      'mermaid',
      'fast-diff'
    ],
    owners: ['editor'],
    typesFor: ['state', 'components'],
    why: "the editor's engine is editor's: the toolbar runs editor's commands (state and components may name its types)"
  },
  {
    name: 'model-clients',
    packages: ['openai', '@anthropic-ai/sdk', '@lenml/tokenizer-[^/]+'],
    owners: ['llm'],
    why: "the model providers and their tokenizers are llm's"
  },
  {
    name: 'web-llm',
    packages: ['@mlc-ai/web-llm'],
    // The semantic index embeds on web-llm's engine, apart from the chat providers.
    owners: ['llm', 'search'],
    why: 'web-llm is loaded by the chat provider and the semantic embedder only'
  },
  {
    name: 'mcp-sdk',
    packages: ['@modelcontextprotocol/sdk'],
    owners: ['mcp'],
    why: "the MCP protocol is mcp's"
  },
  {
    name: 'archives',
    packages: ['fflate', 'modern-tar', 'yaml'],
    owners: ['interop'],
    why: "archive and front-matter formats are interop's"
  },
  { name: 'webdav-xml', packages: ['@xmldom/xmldom'], owners: ['sync'], why: "WebDAV's XML is sync's" },
  {
    name: 'comlink',
    packages: ['comlink'],
    // state passes the worker its callbacks (Comlink.proxy); plugins speak to their frames with it.
    owners: ['rpc', 'plugins', 'state', 'workers'],
    why: 'Comlink is the wire to the worker and to plugin frames: other tiers call through rpc'
  },
  {
    name: 'svelte',
    packages: ['svelte'],
    owners: ['state', 'components', 'pwa', 'routes'],
    why: 'runes and components live in state, components, pwa and routes: the tiers below run without Svelte'
  }
];

const TEST_CODE =
  '(/test-services\\.ts|\\.test\\.ts|\\.test-helpers\\.ts|-test-kit\\.ts|/testing\\.ts|/testing/.+)$';
const APP_CODE = { pathNot: [TEST_CODE, '^tests/', '^e2e/'] };
const folder = (tier) => (tier === 'routes' ? '^src/routes/' : `^src/lib/${tier}/`);
const tierOf = (tiers) => `^src/lib/(${tiers.join('|')})/`;

/** Per tier: its app code imports nothing of src/lib outside its tiers, and only types of TYPES_ONLY. */
const layerRules = Object.entries(LAYERS).flatMap(([tier, allowed]) => {
  const typesOnly = TYPES_ONLY[tier] ?? [];
  const outside = TIERS.filter(
    (other) => other !== tier && !allowed.includes(other) && !typesOnly.includes(other)
  );
  const from = {
    path: folder(tier),
    pathNot: [...APP_CODE.pathNot, ...(tier === 'rpc' ? ['workspace-api\\.ts$'] : [])]
  };
  const rules = [
    {
      name: `layer-${tier}`,
      comment: `${tier} may import only ${allowed.length ? allowed.join(', ') : 'npm packages'}${typesOnly.length ? ` and the types of ${typesOnly.join(', ')}` : ''} (STYLE.md "Boundaries")`,
      severity: 'error',
      from,
      to: { path: tierOf(outside) }
    }
  ];
  if (typesOnly.length) {
    rules.push({
      name: `layer-${tier}-types-only`,
      comment: `${tier} names the types of ${typesOnly.join(', ')} but imports none of their code`,
      severity: 'error',
      from,
      to: { path: tierOf(typesOnly), dependencyTypesNot: ['type-only'] }
    });
  }
  return rules;
});

const owner = (tier) => (tier === 'workers' ? '^workers/' : folder(tier));

/** Per owned package: no app code outside its owners imports it, and `typesFor` names only its types. */
const packageRules = PACKAGES.flatMap(({ name, packages, owners, typesFor = [], why }) => {
  const to = { path: `(^|/)node_modules/(${packages.join('|')})/` };
  const rules = [
    {
      name: `package-${name}`,
      comment: `${packages.join(', ')}: only ${owners.join(', ')} (${why})`,
      severity: 'error',
      from: {
        path: '^(src|workers)/',
        pathNot: [...APP_CODE.pathNot, ...[...owners, ...typesFor].map(owner)]
      },
      to
    }
  ];
  if (typesFor.length) {
    rules.push({
      name: `package-${name}-types-only`,
      comment: `${typesFor.join(', ')} name the types of ${packages.join(', ')} and import none of their code`,
      severity: 'error',
      from: { path: typesFor.map(owner), ...APP_CODE },
      to: { ...to, dependencyTypesNot: ['type-only'] }
    });
  }
  return rules;
});

module.exports = {
  forbidden: [
    ...layerRules,
    ...packageRules,
    {
      name: 'rpc-contract-types-only',
      comment:
        "the worker's API contract names the types of the tiers it carries and imports none of their code",
      severity: 'error',
      from: { path: '^src/lib/rpc/workspace-api\\.ts$' },
      to: { path: '^src/lib/', pathNot: '^src/lib/(rpc|core)/', dependencyTypesNot: ['type-only'] }
    },
    {
      name: 'rpc-contract-no-ui',
      comment: "the worker's API contract names no UI tier",
      severity: 'error',
      from: { path: '^src/lib/rpc/workspace-api\\.ts$' },
      to: { path: '^src/lib/(state|components|pwa)/' }
    },
    {
      name: 'no-workers-from-lib',
      comment: "nothing in src/ imports workers/: the worker's API types live in rpc/ (workspace-api.ts)",
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^workers/' }
    },
    {
      name: 'workers-no-ui',
      comment: 'workers wire lib modules together: no Svelte, no state, no components',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: ['^src/lib/(state|components|pwa)/', '\\.svelte$', '(^|/)node_modules/svelte/'] }
    },
    {
      name: 'through-index',
      comment: 'a folder of src/lib is imported through its index.ts',
      severity: 'error',
      from: { path: '^src/lib/([^/]+)/', ...APP_CODE },
      to: {
        path: '^src/lib/[^/]+/',
        pathNot: [
          '^src/lib/$1/',
          '^src/lib/[^/]+/index\\.ts$',
          // The semantic engine is a surface of its own, so code that needs only full text loads none of it.
          '^src/lib/search/semantic/index\\.ts$',
          '\\.css$'
        ]
      }
    },
    {
      name: 'through-index-from-outside',
      comment: 'routes, workers and the service worker import a folder of src/lib through its index.ts',
      severity: 'error',
      from: { path: '^(src/routes|src/service-worker|workers)', ...APP_CODE },
      to: {
        path: '^src/lib/[^/]+/',
        pathNot: [
          '^src/lib/[^/]+/index\\.ts$',
          '^src/lib/search/semantic/index\\.ts$',
          // The service worker takes the cache plan itself: $lib/pwa's index pulls in Svelte components.
          '^src/lib/pwa/cache-plan\\.ts$',
          // The workspace worker's first module reads the search snapshot before Dexie has loaded.
          '^src/lib/db/(snapshot-early-read|names)\\.ts$',
          '^src/lib/search/snapshot-key\\.ts$',
          // Routes render components: a .svelte file is its own module.
          '^src/lib/components/.+\\.svelte$',
          '\\.css$'
        ]
      }
    },
    {
      name: 'no-test-code-in-app',
      comment: 'the app does not ship test kits, helpers or fixtures',
      severity: 'error',
      from: { path: '^(src|workers)/', ...APP_CODE },
      to: { path: [TEST_CODE, '^tests/', '^e2e/'] }
    },
    {
      name: 'no-circular',
      comment: 'no import cycles, type-only ones included',
      severity: 'error',
      from: {},
      // A recursive component (a tree item rendering its children) imports itself: no cycle of two.
      to: {
        circular: true,
        pathNot: ['^src/lib/components/(NotebookTreeItem|plugins/RenderSpecView)\\.svelte$']
      }
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every import resolves (a typo in a path, or a package not in package.json)',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: ['^\\$app/', '^\\$service-worker$', '^\\$env/'] }
    }
  ],
  options: {
    // npm packages are leaves of the graph (their own imports are not followed), kept for the package rules.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^tests/interop/joplin/', '^\\.svelte-kit/', '^build/'] },
    // `import type` counts: a type-only import still ties the tiers' code together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    webpackConfig: { fileName: 'tests/imports/sveltekit-aliases.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['svelte', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.svelte', '.d.ts', '.json'],
      mainFields: ['svelte', 'module', 'main', 'types']
    },
    reporterOptions: {
      text: { highlightFocused: true }
    }
  }
};
