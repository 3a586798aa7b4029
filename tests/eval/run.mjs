#!/usr/bin/env node
// `npm run eval [-- --base-url URL --model NAME [--provider anthropic]]`: see tests/eval/cli.ts.
// The harness imports the app's TypeScript ($lib paths), so it is loaded through Vite's SSR loader.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

process.chdir(fileURLToPath(new URL('../..', import.meta.url)));
const server = await createServer({
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false },
  appType: 'custom'
});
let code = 1;
try {
  const cli = await server.ssrLoadModule('/tests/eval/cli.ts');
  code = await cli.main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await server.close();
}
process.exit(code);
