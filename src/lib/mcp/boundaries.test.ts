// The MCP folder may use core and tools (STYLE.md boundaries), Dexie's liveQuery, and the SDK, but
// the SDK only from server.ts at run time: everything else reaches it through the dynamic import in
// workspace-mcp.ts, so the SDK (about 100 kB gzip) loads on the first MCP session, not with the app.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('-test-kit.ts'));
const IMPORT = /^(?:import|export)\s+(type\s+)?[^'"]*from\s+'([^']+)';/gm;
const SDK = '@modelcontextprotocol/sdk/';
const ALLOWED = new Set(['$lib/core', '$lib/tools', 'dexie']);

function imports(name: string) {
  return [...readFileSync(`${dir}${name}`, 'utf8').matchAll(IMPORT)].map(([, typeOnly, from]) => ({ typeOnly: Boolean(typeOnly), from }));
}

describe('mcp imports', () => {
  it('sees the imports it checks', () => {
    const seen = sources.flatMap((name) => imports(name).map((i) => i.from));
    expect(seen).toEqual(expect.arrayContaining(['$lib/tools', 'dexie', '@modelcontextprotocol/sdk/server/index.js']));
  });

  it.each(sources)('%s imports only what mcp may use', (name) => {
    for (const { from } of imports(name)) {
      if (from.startsWith('./') || from.startsWith(SDK)) continue;
      expect(ALLOWED, `${name} imports ${from}`).toContain(from);
    }
  });

  it.each(sources.filter((name) => name !== 'server.ts'))('%s loads no SDK code at run time', (name) => {
    const runtime = imports(name).filter((i) => !i.typeOnly && (i.from.startsWith(SDK) || i.from === './server'));
    expect(runtime.map((i) => i.from)).toEqual([]);
  });
});
