/**
 * MCP endpoint benchmark: `tools/call read_note` from desktop clients (the official SDK Client over
 * Streamable HTTP) through the bridge to the BUILT app open in headless Chromium (worker, IndexedDB).
 * Prints each figure beside its target and beside a peer measured in the same run: `ping` over the
 * same path, the floor the relay itself costs (no tool, no database).
 *
 *   npx vite build && node tests/bench/mcp-bench.mjs [--calls=300] [--clients=10] [--per-client=100] [--strict]
 *
 * Targets (issue 7): read_note p50 ≤ 20 ms on loopback; 10 clients × 100 calls, no error.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startBridge } from '../../bridge/src/bridge.mjs';
import { newToken } from '../../bridge/src/tokens.mjs';
import { openPairedTab, serveBuild } from '../mcp/browser-tab.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const CALLS = Number(args.calls ?? 300);
const CLIENTS = Number(args.clients ?? 10);
const PER_CLIENT = Number(args['per-client'] ?? 100);
const TARGET = { p50Ms: 20 };
const BODY = 'A note of a typical length. '.repeat(80); // about 2 KB of Markdown

async function connect(bridge, token, name) {
  const transport = new StreamableHTTPClientTransport(new URL(bridge.url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } }
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Times `n` sequential calls of `call`; returns sorted latencies in ms. */
async function timeSequential(n, call) {
  for (let i = 0; i < 20; i++) await call(); // warm-up: JIT, the worker's first SDK load
  const times = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** `clients` clients, each making `perClient` read_note calls at once; errors counted, not thrown. */
async function concurrent(bridge, token, noteId) {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) => connect(bridge, token, `bench-${i}`))
  );
  let errors = 0;
  const start = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < PER_CLIENT; i++) {
        try {
          const result = await client.callTool({ name: 'read_note', arguments: { id: noteId } });
          if (result.isError || result.structuredContent?.id !== noteId) errors += 1;
        } catch {
          errors += 1;
        }
      }
    })
  );
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(clients.map((c) => c.close()));
  return { errors, seconds, calls: CLIENTS * PER_CLIENT };
}

function report(readTimes, pingTimes, load) {
  const p50 = quantile(readTimes, 0.5);
  const rows = [
    [
      'read_note p50',
      `${p50.toFixed(2)} ms`,
      `≤ ${TARGET.p50Ms} ms`,
      `ping p50 ${quantile(pingTimes, 0.5).toFixed(2)} ms`
    ],
    [
      'read_note p95',
      `${quantile(readTimes, 0.95).toFixed(2)} ms`,
      '',
      `ping p95 ${quantile(pingTimes, 0.95).toFixed(2)} ms`
    ],
    [`${CLIENTS} clients × ${PER_CLIENT} calls`, `${load.errors} errors`, '0 errors', ''],
    [
      'throughput',
      `${(load.calls / load.seconds).toFixed(0)} calls/s`,
      '(reported)',
      `${load.seconds.toFixed(2)} s in all`
    ]
  ];
  // Latency on a shared machine follows its load: print it beside the figures.
  console.log(`load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  console.log('figure'.padEnd(28), 'measured'.padEnd(16), 'target'.padEnd(12), 'peer (same path, ping)');
  for (const row of rows) console.log(row[0].padEnd(28), row[1].padEnd(16), row[2].padEnd(12), row[3]);
  return p50 <= TARGET.p50Ms && load.errors === 0;
}

async function main() {
  const tokens = { clientToken: newToken(), pairingToken: newToken() };
  const bridge = await startBridge({ port: 0, ...tokens });
  const app = await serveBuild();
  let browser;
  let ok = false;
  try {
    ({ browser } = await openPairedTab(app.url, bridge, tokens.pairingToken, {
      allowTools: ['create_note']
    }));
    const client = await connect(bridge, tokens.clientToken, 'bench');
    const created = await client.callTool({
      name: 'create_note',
      arguments: { title: 'Benchmark note', body: BODY }
    });
    const noteId = created.structuredContent.id;
    const readTimes = await timeSequential(CALLS, () =>
      client.callTool({ name: 'read_note', arguments: { id: noteId } })
    );
    const pingTimes = await timeSequential(CALLS, () => client.ping());
    await client.close();
    ok = report(readTimes, pingTimes, await concurrent(bridge, tokens.clientToken, noteId));
  } finally {
    await browser?.close();
    app.stop();
    await bridge.close();
  }
  if (!ok) console.log('A target was missed.');
  process.exit(ok || !('strict' in args) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
