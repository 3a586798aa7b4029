// plugins/ may use core, rpc and tools (STYLE.md boundaries) and comlink, and nothing of Svelte or
// SvelteKit, because the workspace worker imports it too. The Node test helper may use node:.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
const IMPORT = /^import\s+(?:type\s+)?(?:[^'"]*from\s+)?'([^']+)';/gm;
const ALLOWED = new Set(['$lib/core', '$lib/rpc', '$lib/tools', 'comlink']);

describe('plugins imports', () => {
  it('sees the imports it checks', () => {
    const seen = sources.flatMap((name) => [...readFileSync(`${dir}${name}`, 'utf8').matchAll(IMPORT)].map((m) => m[1]));
    expect(seen).toEqual(expect.arrayContaining(['$lib/core', '$lib/rpc', '$lib/tools', 'comlink']));
  });

  it.each(sources)('%s imports only what plugins/ may use', (name) => {
    const text = readFileSync(`${dir}${name}`, 'utf8');
    for (const [, from] of text.matchAll(IMPORT)) {
      if (from.startsWith('./') || (name === 'testing.ts' && from.startsWith('node:'))) continue;
      expect(ALLOWED, `${name} imports ${from}`).toContain(from);
    }
  });
});
