// The agent runs in the workspace worker and in Node tests: it may use core at run time and only the
// types of llm and tools (STYLE.md boundaries), plus its two parsing libraries.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
const IMPORT = /^import\s+(type\s+)?[^'"]*from\s+'([^']+)';/gm;
const RUNTIME_ALLOWED = new Set(['$lib/core', 'markdown-it', '@cfworker/json-schema']);
const TYPE_ALLOWED = new Set([...RUNTIME_ALLOWED, '$lib/llm', '$lib/tools']);

describe('agent imports', () => {
  it('sees the imports it checks', () => {
    const seen = sources.flatMap((name) => [...readFileSync(`${dir}${name}`, 'utf8').matchAll(IMPORT)].map((m) => m[2]));
    expect(seen).toEqual(expect.arrayContaining(['$lib/core', '$lib/llm', '$lib/tools', 'markdown-it']));
  });

  it.each(sources)('%s imports only what the agent may use', (name) => {
    const text = readFileSync(`${dir}${name}`, 'utf8');
    for (const [, typeOnly, from] of text.matchAll(IMPORT)) {
      if (from.startsWith('./')) continue;
      expect(typeOnly ? TYPE_ALLOWED : RUNTIME_ALLOWED, `${name} imports ${from}`).toContain(from);
    }
  });
});
