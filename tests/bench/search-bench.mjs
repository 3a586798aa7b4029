/**
 * Full-text search benchmark: our SearchIndex against MiniSearch on the same corpus (corpus.mjs),
 * at 1,000, 10,000 and 50,000 notes. Prints each figure beside its target and beside MiniSearch.
 *
 *   node --expose-gc tests/bench/search-bench.mjs [--sizes=1000,10000,50000] [--rounds=5]
 *
 * The index's TypeScript is bundled on the fly with rolldown (a vite dependency) so this runs in
 * plain Node. MiniSearch answers each query's plain-word part (it has no filters), AND-combined
 * (OR for any:1), with prefix search for `word*`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { rolldown } from 'rolldown';
import MiniSearch from 'minisearch';
import { buildCorpus, plainPart, QUERIES } from './corpus.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const SIZES = (args.sizes ?? '1000,10000,50000').split(',').map(Number);
const ROUNDS = Number(args.rounds ?? 5);
const TARGET = { p95Ms: 15, peerRatio: 1.5, buildMs: 3000, updateMs: 10 };

async function loadIndexModule() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-search-bench-'));
  const bundle = await rolldown({ input: join(ROOT, 'src/lib/search/search-index.ts'), logLevel: 'silent' });
  const file = join(dir, 'search-index.mjs');
  await bundle.write({ file, format: 'esm' });
  const mod = await import(pathToFileURL(file).href);
  rmSync(dir, { recursive: true, force: true });
  return mod;
}

const gc = globalThis.gc ?? (() => {});
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (v) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;
const mb = (v) => `${(v / 1048576).toFixed(1)} MB`;

function miniQuery(query) {
  const words = plainPart(query);
  if (!words.length) return undefined;
  const prefixes = new Set(words.filter((w) => w.endsWith('*')).map((w) => w.slice(0, -1).toLowerCase()));
  const text = words.map((w) => w.replace(/\*$/, '')).join(' ');
  const options = { combineWith: /(^|\s)any:1(\s|$)/.test(query) ? 'OR' : 'AND', prefix: (term) => prefixes.has(term) };
  return { text, options };
}

/**
 * Each query's time is the median of its rounds (so one scheduler hiccup on a shared machine does
 * not become a query's time); p50 and p95 are then taken over the queries.
 */
function timeQueries(run, rounds) {
  for (const q of QUERIES) run(q); // warm-up
  gc();
  const perQuery = [];
  for (const q of QUERIES) {
    const samples = [];
    for (let r = 0; r < rounds; r++) {
      const t = performance.now();
      if (run(q) === undefined) break;
      samples.push(performance.now() - t);
    }
    if (samples.length) perQuery.push(quantile(samples, 0.5));
  }
  return { p50: quantile(perQuery, 0.5), p95: quantile(perQuery, 0.95), count: perQuery.length };
}

function recall(index, mini, now) {
  const plain = QUERIES.filter((q) => !/[:"*-]/.test(q));
  let sum = 0;
  for (const q of plain) {
    const { text, options } = miniQuery(q);
    const theirs = mini.search(text, options).map((r) => r.id);
    const ours = new Set(index.search(q, { limit: 1e9, now }).results.map((r) => r.id));
    sum += theirs.length ? theirs.filter((id) => ours.has(id)).length / theirs.length : 1;
  }
  return sum / plain.length;
}

function timeUpdates(notes, apply) {
  const samples = [];
  for (let i = 0; i < 50; i++) {
    const note = notes[(i * 7919) % notes.length];
    const edited = { ...note, body: `${note.body}\n\nEdited paragraph ${i} about search.`, updated_time: note.updated_time + 1 };
    const t = performance.now();
    apply(edited);
    samples.push(performance.now() - t);
  }
  return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

async function benchSize(SearchIndex, n) {
  const { notes, catalog, now, sectionCount } = buildCorpus(n);
  const chars = notes.reduce((sum, note) => sum + note.title.length + note.body.length, 0);
  console.log(`\n(corpus: ${n.toLocaleString('en')} notes from ${sectionCount.toLocaleString('en')} Markdown sections, ${(chars / 1048576).toFixed(1)} M characters)`);
  let heap = heapUsed();
  let t = performance.now();
  const index = new SearchIndex();
  index.setCatalog(catalog);
  for (const note of notes) index.upsert(note);
  const build = performance.now() - t;
  const memory = heapUsed() - heap;

  heap = heapUsed();
  t = performance.now();
  const mini = new MiniSearch({ fields: ['title', 'body'], storeFields: ['title'] });
  mini.addAll(notes);
  const miniBuild = performance.now() - t;
  const miniMemory = heapUsed() - heap;

  const ours = timeQueries((q) => index.search(q, { limit: 20, now }), ROUNDS);
  const theirs = timeQueries((q) => {
    const mq = miniQuery(q);
    return mq ? mini.search(mq.text, mq.options).slice(0, 20) : undefined;
  }, ROUNDS);
  const plainOurs = timeQueries((q) => (miniQuery(q) ? index.search(q, { limit: 20, now }) : undefined), ROUNDS);
  const update = timeUpdates(notes, (note) => index.upsert(note));
  const miniUpdate = timeUpdates(notes, (note) => mini.replace(note));
  return { n, build, memory, estimate: index.memoryEstimate(), miniBuild, miniMemory, ours, plainOurs, theirs, update, miniUpdate, recall: recall(index, mini, now) };
}

function report(r) {
  const ratio = r.ours.p95 / r.theirs.p95;
  const at10k = r.n === 10000;
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  const rows = [
    [`search p50 (${r.ours.count} queries; peer ${r.theirs.count})`, ms(r.ours.p50), '', ms(r.theirs.p50)],
    [`search p95 (${r.ours.count} queries; peer ${r.theirs.count})`, ms(r.ours.p95), at10k ? `≤ 15 ms ${mark(r.ours.p95 <= TARGET.p95Ms)}` : '', ms(r.theirs.p95)],
    ['p95 ÷ MiniSearch p95', ratio.toFixed(2), at10k ? `≤ 1.5 ${mark(ratio <= TARGET.peerRatio)}` : '(target at 10k)', '1.00'],
    [`search p95, the peer's ${r.plainOurs.count} queries only`, ms(r.plainOurs.p95), '', ms(r.theirs.p95)],
    ['recall of MiniSearch results (plain)', `${(r.recall * 100).toFixed(1)} %`, '', '100 %'],
    ['index build from scratch', ms(r.build), at10k ? `≤ 3000 ms ${mark(r.build <= TARGET.buildMs)}` : '(target at 10k)', ms(r.miniBuild)],
    ['update after one save p50', ms(r.update.p50), `≤ 10 ms ${mark(r.update.p50 <= TARGET.updateMs)}`, ms(r.miniUpdate.p50)],
    ['update after one save p95', ms(r.update.p95), '', ms(r.miniUpdate.p95)],
    ['index memory (heap delta)', mb(r.memory), `(estimate ${mb(r.estimate)})`, mb(r.miniMemory)]
  ];
  console.log(`${r.n.toLocaleString('en')} notes`);
  console.log(`  ${'figure'.padEnd(42)}${'Folio'.padStart(11)}  ${'target'.padEnd(20)}${'MiniSearch'.padStart(11)}`);
  for (const [name, ours, target, peer] of rows) console.log(`  ${name.padEnd(42)}${ours.padStart(11)}  ${target.padEnd(20)}${peer.padStart(11)}`);
}

const { SearchIndex } = await loadIndexModule();
if (!globalThis.gc) console.log('(run with node --expose-gc for memory figures)');
console.log(`Folio full-text search vs MiniSearch ${MiniSearch.name ? '7' : ''} — ${QUERIES.length} queries × ${ROUNDS} rounds, Node ${process.version}`);
for (const n of SIZES) report(await benchSize(SearchIndex, n));
