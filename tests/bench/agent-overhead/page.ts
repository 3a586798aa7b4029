// The benchmark's page: drives the worker over Comlink the way the chat does (a turn with a proxied
// listener for deltas and tool entries), and a bare ping for the peer figure.
import * as Comlink from 'comlink';

interface BenchWorker {
  ping(): string;
  setUp(toolSteps: number): Promise<void>;
  runTurn(
    request: unknown,
    listener: unknown
  ): Promise<{ ok: boolean; message?: string; result?: { steps: number } }>;
  gaps(): number[];
}

/** Model calls per turn: this many read_note steps, then the final answer. */
const TOOL_STEPS = 7;
const TURNS = 150;
const WARMUP_TURNS = 15;
const PINGS = 1000;

const settings = {
  config: { kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'zero-latency' },
  allowRemote: false
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run() {
  const worker = Comlink.wrap<BenchWorker>(new Worker('./worker.js', { type: 'module' }));
  await worker.setUp(TOOL_STEPS);
  for (let i = 0; i < 50; i++) await worker.ping();
  const pings: number[] = [];
  for (let i = 0; i < PINGS; i++) {
    const t = performance.now();
    await worker.ping();
    pings.push(performance.now() - t);
  }
  let events = 0;
  const listener = Comlink.proxy({
    onDelta: () => void events++,
    onToolCall: () => void events++,
    onToolResult: () => void events++
  });
  const perStep: number[] = [];
  const gaps: number[] = [];
  for (let i = 0; i < WARMUP_TURNS + TURNS; i++) {
    const t = performance.now();
    const outcome = await worker.runTurn(
      { callId: `turn-${i}`, settings, context: {}, history: [], message: 'Read my notes' },
      listener
    );
    const ms = performance.now() - t;
    if (!outcome.ok || outcome.result?.steps !== TOOL_STEPS + 1)
      throw new Error(`turn ${i} failed: ${outcome.message ?? JSON.stringify(outcome)}`);
    // Gaps are within one turn (the worker forgets its marks when asked), so they exclude the page.
    const turnGaps = await worker.gaps();
    if (i >= WARMUP_TURNS) {
      perStep.push(ms / (TOOL_STEPS + 1));
      gaps.push(...turnGaps);
    }
  }
  return {
    steps: TOOL_STEPS + 1,
    turns: TURNS,
    events,
    perStep: { p50: percentile(perStep, 50), p95: percentile(perStep, 95) },
    gap: { p50: percentile(gaps, 50), p95: percentile(gaps, 95) },
    ping: { p50: percentile(pings, 50), p95: percentile(pings, 95) }
  };
}

(window as unknown as { bench: Promise<unknown> }).bench = run();
