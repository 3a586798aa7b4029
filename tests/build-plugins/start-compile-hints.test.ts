import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, startChunks, startCompileHints } from '../../build-plugins/start-compile-hints';

const chunk = (fileName: string, imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  imports,
  code: `/* ${fileName} */`
});

/** A client bundle shaped like SvelteKit's: entries, a route node, shared and lazy chunks. */
function bundle() {
  return {
    'entry/start.js': chunk('entry/start.js', ['chunks/kit.js'], true),
    'nodes/2.js': chunk('nodes/2.js', ['chunks/shell.js'], true),
    'chunks/kit.js': chunk('chunks/kit.js'),
    'chunks/shell.js': chunk('chunks/shell.js', ['chunks/dexie.js']),
    'chunks/dexie.js': chunk('chunks/dexie.js'),
    // Reached only through import(): not in the entries' static imports.
    'chunks/editor.js': chunk('chunks/editor.js', ['chunks/dexie.js']),
    'chunks/shell.js.map': { type: 'asset', fileName: 'chunks/shell.js.map', source: '{"mappings":"AAAA"}' }
  };
}

describe('startChunks', () => {
  it('takes the entries and every chunk they import statically, transitively', () => {
    expect([...startChunks(bundle())].sort()).toEqual([
      'chunks/dexie.js',
      'chunks/kit.js',
      'chunks/shell.js',
      'entry/start.js',
      'nodes/2.js'
    ]);
  });
});

describe('startCompileHints', () => {
  const run = (b: ReturnType<typeof bundle>) => {
    const hook = startCompileHints().generateBundle as (options: unknown, b: unknown) => void;
    hook.call({}, {}, b);
    return b;
  };

  it('puts the hint on the first line of the start chunks only', () => {
    const b = run(bundle());
    expect(b['chunks/shell.js'].code).toBe(`${COMPILE_HINT}/* chunks/shell.js */`);
    expect(b['entry/start.js'].code.startsWith(COMPILE_HINT)).toBe(true);
    expect(b['chunks/editor.js'].code).toBe('/* chunks/editor.js */');
  });

  it("moves a hinted chunk's source map down one line", () => {
    const b = run(bundle());
    expect(JSON.parse(b['chunks/shell.js.map'].source).mappings).toBe(';AAAA');
  });
});
