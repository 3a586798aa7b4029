/**
 * Vector search benchmark: our VectorIndex (one contiguous Float32Array, exact brute force, top-k
 * heap) over 30,000 chunks of 384 dimensions, against two peers measured in the same run on the
 * same vectors and queries:
 *   - "naive": Array-of-arrays, cosine computed with both norms per pair, full sort of all scores
 *     (how a first implementation usually looks);
 *   - "arrays+heap": Array-of-arrays of pre-normalised vectors, dot product, the same top-k heap,
 *     to show what the contiguous typed array itself buys.
 * It also checks that all three return the same top 10, so speed is not bought with wrong answers.
 *
 *   node tests/bench/vector-bench.mjs [--chunks=30000] [--dims=384] [--queries=200] [--k=10]
 *
 * Target (Folio issue 3): a search over 30,000 chunks of 384 dimensions in ≤ 20 ms. Each figure is
 * a per-query time: median and p95 over the queries, after a warm-up, both wall-clock and CPU time
 * (process.cpuUsage). On an idle machine they agree; on a shared, oversubscribed one wall-clock
 * also counts waiting for a core, so the exit status follows CPU p95 and the load average is printed. Vectors are seeded
 * pseudo-random unit vectors: brute-force time does not depend on what the vectors mean.
 * The index's TypeScript is bundled on the fly with rolldown (a vite dependency), so this runs in
 * plain Node.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { rolldown } from 'rolldown';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const CHUNKS = Number(args.chunks ?? 30000);
const DIMS = Number(args.dims ?? 384);
const QUERIES = Number(args.queries ?? 200);
const K = Number(args.k ?? 10);
const WARMUP = 20;
const TARGET_MS = 20;
const CHUNKS_PER_NOTE = 3;

async function loadIndexModule() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-vector-bench-'));
  try {
    const entry = join(dir, 'entry.ts');
    const source = (file) => JSON.stringify(join(ROOT, 'src/lib/search/semantic', file));
    writeFileSync(
      entry,
      `export { VectorIndex } from ${source('vector-index.ts')};\nexport { TopK } from ${source('top-k.ts')};\n`
    );
    const bundle = await rolldown({
      input: entry,
      resolve: { alias: { $lib: join(ROOT, 'src/lib') } },
      logLevel: 'silent'
    });
    const file = join(dir, 'vector-index.mjs');
    await bundle.write({ file, format: 'esm' });
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seeded PRNG (mulberry32), so every run measures the same data. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unitVectors(count, dims, seed) {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const v = Array.from({ length: dims }, () => next() * 2 - 1);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

/** The naive peer: cosine with norms per pair, then sort everything. */
function naiveSearch(rows, query, k) {
  const scored = rows.map((row, i) => {
    let dot = 0,
      a = 0,
      b = 0;
    for (let d = 0; d < row.length; d++) {
      dot += row[d] * query[d];
      a += row[d] * row[d];
      b += query[d] * query[d];
    }
    return { row: i, score: dot / Math.sqrt(a * b) };
  });
  return scored.sort((x, y) => y.score - x.score).slice(0, k);
}

/** The second peer: arrays of normalised vectors, dot product, the index's own top-k heap. */
function arraysHeapSearch(TopK, rows, query, k) {
  const top = new TopK(k);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    let dot = 0;
    for (let d = 0; d < row.length; d++) dot += row[d] * query[d];
    if (dot > top.threshold) top.push(i, dot);
  }
  return top.sorted();
}

/** Wall-clock and CPU time of each query (after the warm-up), as median and p95. */
function timeQueries(queries, search) {
  const wall = [];
  const cpu = [];
  let results;
  queries.forEach((q, i) => {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const r = search(q);
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    if (i >= WARMUP) {
      wall.push(elapsed);
      cpu.push((used.user + used.system) / 1000);
    }
    if (i === queries.length - 1) results = r;
  });
  const stats = (values) => {
    values.sort((a, b) => a - b);
    return {
      median: values[Math.floor(values.length / 2)],
      p95: values[Math.min(values.length - 1, Math.floor(values.length * 0.95))]
    };
  };
  return { wall: stats(wall), cpu: stats(cpu), results };
}

const ms = (v) => `${v.toFixed(2)} ms`.padStart(11);
const row = (name, t, verdict = '') =>
  console.log(
    `${name.padEnd(48)}${ms(t.wall.median)}${ms(t.wall.p95)}${ms(t.cpu.median)}${ms(t.cpu.p95)}${verdict}`
  );

async function main() {
  const { VectorIndex, TopK } = await loadIndexModule();
  console.log(
    `Vector search: ${CHUNKS} chunks × ${DIMS} dims, k ${K}, ${QUERIES} queries (${WARMUP} warm-up), Node ${process.version}`
  );
  const rows = unitVectors(CHUNKS, DIMS, 1);
  const queries = unitVectors(QUERIES + WARMUP, DIMS, 2);

  const buildStart = performance.now();
  const index = new VectorIndex(DIMS, CHUNKS);
  rows.forEach((v, i) => index.add(`note${Math.floor(i / CHUNKS_PER_NOTE)}`, i % CHUNKS_PER_NOTE, v));
  const buildMs = performance.now() - buildStart;
  const rowOf = (m) => Number(m.noteId.slice(4)) * CHUNKS_PER_NOTE + m.chunkIndex;

  const ours = timeQueries(queries, (q) => index.search(q, K));
  const heapPeer = timeQueries(queries, (q) => arraysHeapSearch(TopK, rows, q, K));
  const naive = timeQueries(queries.slice(0, Math.min(queries.length, WARMUP + 50)), (q) =>
    naiveSearch(rows, q, K)
  );
  const subset = new Set(Array.from({ length: 1000 }, (_, i) => `note${i * 7}`));
  const filtered = timeQueries(queries, (q) => index.search(q, K, { noteIds: subset }));

  // Same answers: the last query's top k from each.
  const lastQuery = queries[queries.length - 1];
  const expected = naiveSearch(rows, lastQuery, K)
    .map((r) => r.row)
    .join(',');
  const agree =
    ours.results.map(rowOf).join(',') === expected &&
    heapPeer.results.map((r) => r.row).join(',') === expected;

  const verdict = (t) =>
    `   ≤ ${TARGET_MS} ms: wall ${t.wall.p95 <= TARGET_MS ? 'PASS' : 'FAIL'}, CPU ${t.cpu.p95 <= TARGET_MS ? 'PASS' : 'FAIL'}`;
  console.log(
    `\n${'per query'.padEnd(48)}${'wall med'.padStart(11)}${'wall p95'.padStart(11)}${'CPU med'.padStart(11)}${'CPU p95'.padStart(11)}   target (p95)`
  );
  row('VectorIndex (Float32Array, dot, heap)', ours, verdict(ours));
  row('peer: number[][] normalised, dot, same heap', heapPeer);
  row('peer: naive number[][] cosine + full sort', naive);
  row('VectorIndex filtered to 1,000 notes (3,000 ch.)', filtered);
  console.log(
    `\nindex build (${CHUNKS} adds, normalising): ${buildMs.toFixed(0)} ms; memory for vectors: ${((CHUNKS * DIMS * 4) / 1048576).toFixed(1)} MB`
  );
  console.log(
    `CPU p95 speed-up over the naive peer: ×${(naive.cpu.p95 / ours.cpu.p95).toFixed(1)}, over arrays+heap: ×${(heapPeer.cpu.p95 / ours.cpu.p95).toFixed(1)}`
  );
  const load = loadavg()[0];
  console.log(
    `load average ${load.toFixed(1)} on ${availableParallelism()} cores${load > availableParallelism() ? ': the machine is oversubscribed, so wall-clock includes time spent waiting for a core; CPU time is the work itself' : ''}`
  );
  console.log(`top-${K} results agree across all three: ${agree ? 'yes' : 'NO'}`);
  // The verdict: CPU p95, since on a shared machine wall-clock measures the scheduler too (both are printed).
  if (!agree || ours.cpu.p95 > TARGET_MS) process.exitCode = 1;
}

await main();
