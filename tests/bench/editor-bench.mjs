#!/usr/bin/env node
/**
 * Editor benchmark (issue 2): opening a 100 KB note ≤ 100 ms, serialising it ≤ 30 ms.
 *
 * The note is built from real Markdown (the .md files shipped in node_modules, sorted by path,
 * concatenated up to 100 KB). DOM-free figures, measured in Node as the median of several runs:
 *  - open: parseMarkdown (markdown-it tokens → ProseMirror doc with source tracking);
 *  - save: serializeMarkdown of the just-opened doc (cold: every block fingerprinted), again on the
 *    same doc (warm), and after one paragraph was edited (what autosave pays while typing);
 *  - a note without source (typed in the editor): first save re-writes every block, a save after
 *    one more edit re-writes only that block.
 * Peers measured in the same run: markdown-it rendering the same text to HTML, and
 * prosemirror-markdown's stock parser and serializer (CommonMark only, no source fidelity).
 * The editor module's TypeScript is bundled on the fly with rolldown (a vite dependency).
 *
 * Run: node tests/bench/editor-bench.mjs [--runs=15]   (exit code 1 when a target is missed)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { rolldown } from 'rolldown';
import MarkdownIt from 'markdown-it';
import { defaultMarkdownParser, defaultMarkdownSerializer } from 'prosemirror-markdown';
import { markdownNote } from './corpus.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const RUNS = Number(args.runs ?? 15);
const NOTE_BYTES = 100_000;
const TARGET = { openMs: 100, saveMs: 30 };

async function loadEditor() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-editor-bench-'));
  const bundle = await rolldown({
    input: join(ROOT, 'src/lib/editor/markdown.ts'),
    resolve: { alias: { $lib: join(ROOT, 'src/lib') } },
    logLevel: 'silent'
  });
  const file = join(dir, 'editor.mjs');
  await bundle.write({ file, format: 'esm' });
  const mod = await import(pathToFileURL(file).href);
  rmSync(dir, { recursive: true, force: true });
  return mod;
}

function median(fn) {
  const times = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    result = fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], min: times[0], result };
}

/** The doc with its first paragraph's text changed, as one keystroke would. */
function editOneParagraph(editor, doc) {
  let index = 0;
  doc.forEach((node, _offset, i) => {
    if (!index && node.type.name === 'paragraph' && node.content.size) index = i;
  });
  const node = doc.child(index);
  const edited = node.copy(node.content.addToEnd(editor.markdownSchema.text('!')));
  return doc.copy(doc.content.replaceChild(index, edited));
}

const fmt = (ms) => `${ms.toFixed(1)} ms`.padStart(9);
/** Median, with the fastest run beside it: on a shared machine the median can catch a stall. */
const fig = (m) => `${fmt(m.ms)} (min ${m.min.toFixed(1)})`;

async function main() {
  const editor = await loadEditor();
  const note = markdownNote(NOTE_BYTES);
  const md = new MarkdownIt('default', { html: true });
  for (let i = 0; i < 3; i++) editor.serializeMarkdown(editor.parseMarkdown(note)); // warm-up (JIT)
  const open = median(() => editor.parseMarkdown(note));
  const docs = Array.from({ length: RUNS }, () => editor.parseMarkdown(note));
  const cold = median((i) => editor.serializeMarkdown(docs[i]));
  const warm = median(() => editor.serializeMarkdown(docs[0]));
  const edited = docs.map((doc) => editOneParagraph(editor, doc));
  const afterEdit = median((i) => editor.serializeMarkdown(edited[i]));
  // A note written in the editor has no source to reuse: every block is serialised afresh once,
  // then remembered per node.
  const typed = docs.map((doc) => editor.stripSources(doc));
  const allFresh = median((i) => editor.serializeMarkdown(typed[i]));
  const typedEdited = typed.map((doc) => editOneParagraph(editor, doc));
  const typedAfterEdit = median((i) => editor.serializeMarkdown(typedEdited[i]));
  const peerRender = median(() => md.render(note));
  const peerParse = median(() => defaultMarkdownParser.parse(note));
  const peerSerialize = median(() => defaultMarkdownSerializer.serialize(peerParse.result));

  const identical = cold.result === note;
  console.log(
    `editor bench: ${(note.length / 1000).toFixed(1)} KB note of real Markdown, ${docs[0].childCount} blocks, median of ${RUNS}`
  );
  console.log(
    `  open  (parseMarkdown)             ${fig(open)}  target ≤ ${TARGET.openMs} ms   peers: markdown-it → HTML ${fig(peerRender)}, prosemirror-markdown parse ${fig(peerParse)}`
  );
  console.log(
    `  save  (serialize, cold)           ${fig(cold)}  target ≤ ${TARGET.saveMs} ms    peer: prosemirror-markdown serialize ${fig(peerSerialize)}`
  );
  console.log(`  save  (serialize, warm)           ${fig(warm)}  target ≤ ${TARGET.saveMs} ms`);
  console.log(`  save  (after one edit)            ${fig(afterEdit)}  target ≤ ${TARGET.saveMs} ms`);
  console.log(
    `  save  (no source, all re-written) ${fig(allFresh)}  (worst case: first save of a note typed in the editor)`
  );
  console.log(`  save  (no source, after one edit) ${fig(typedAfterEdit)}  target ≤ ${TARGET.saveMs} ms`);
  console.log(`  byte-identical after open+save: ${identical ? 'yes' : 'NO'}`);
  const ok =
    identical &&
    open.ms <= TARGET.openMs &&
    Math.max(cold.ms, warm.ms, afterEdit.ms, typedAfterEdit.ms) <= TARGET.saveMs;
  console.log(ok ? 'editor bench: all targets met' : 'editor bench: TARGET MISSED');
  process.exitCode = ok ? 0 : 1;
}

await main();
