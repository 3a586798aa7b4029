// SvelteKit's `$lib` alias, for dependency-cruiser's resolver (it reads it as a webpack `resolve`).
// The project's tsconfig extends .svelte-kit/tsconfig.json, whose `paths` carry no baseUrl, which
// the tsconfig-paths plugin dependency-cruiser uses cannot read.
const path = require('node:path');

module.exports = { resolve: { alias: { $lib: path.resolve(__dirname, '../../src/lib') } } };
