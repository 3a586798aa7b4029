#!/usr/bin/env node
/**
 * Benchmark: the size of what each model family reads before any history — system prompt plus tool
 * definitions — counted with each family's own tokenizer. Target (issue 4): ≤ 1,500 tokens for
 * every turn shape, the one with a typical note's body included; every row printed is in the verdict.
 *
 * Families and what they are sent (built by the app's own code, see prompt-size-data.ts):
 * - OpenAI (o200k_base, gpt-tokenizer: GPT-4o/4.1/5): all the turn's tools, at a 128k window (no
 *   fitting needed), counted in OpenAI's own rendering of function definitions (the TypeScript-like
 *   namespace its models read and it bills, as gpt-tokenizer's estimateTokensInFunctions gives it);
 * - qwen / llama3 / generic (Qwen2.5-3, Llama 3.x, Phi-3.5 via the Llama 2 vocabulary): in-browser at a
 *   4k window: the tools fitted to a quarter of it (prompt-budget.ts) and written into the system
 *   message in the family's own tool-call format.
 * Peer, measured in the same run: the same turn with every tool whole, as JSON beside the prompt —
 * what the prompt cost before tool fitting and the families' formats; and per tool, its schema alone.
 *
 * Run: node tests/bench/prompt-size.mjs [--strict]   (--strict: exit code 1 when a row misses the target)
 */
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { encode } from 'gpt-tokenizer';
import { estimateTokensInFunctions } from 'gpt-tokenizer/functionCalling';

const TARGET_TOKENS = 1500;
const root = fileURLToPath(new URL('../..', import.meta.url));

async function load() {
  // SvelteKit's Vite plugin sets the root itself (the working directory), so start from there.
  process.chdir(root);
  const server = await createServer({
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false },
    appType: 'custom'
  });
  try {
    const data = await server.ssrLoadModule('/tests/bench/prompt-size-data.ts');
    const counters = { o200k: (text) => encode(text).length };
    for (const family of ['qwen', 'llama3', 'llama2']) counters[family] = await data.loadTokenCounter(family);
    return { data, counters };
  } finally {
    await server.close();
  }
}

const pad = (text, width) => String(text).padEnd(width);
const num = (n, width = 9) => String(n).padStart(width);

const { data, counters } = await load();
const TOKENIZERS = ['o200k', 'qwen', 'llama3', 'llama2'];
const FAMILIES = [
  { name: 'OpenAI (o200k)', family: 'remote', tokenizer: 'o200k', window: 128_000 },
  { name: 'Qwen2.5/3, 4k', family: 'qwen', tokenizer: 'qwen', window: 4096 },
  { name: 'Llama 3.x, 4k', family: 'llama3', tokenizer: 'llama3', window: 4096 },
  { name: 'Phi-3.5 (generic), 4k', family: 'generic', tokenizer: 'llama2', window: 4096 }
];

const fnJson = (spec) =>
  JSON.stringify({
    type: 'function',
    function: { name: spec.name, description: spec.description, parameters: spec.inputSchema }
  });
function withoutDescriptions(value) {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, v]) => [key, withoutDescriptions(v)])
  );
}

console.log('Tool definitions as JSON, tokens per tokenizer (schema-only peer in o200k)\n');
console.log(`${pad('tool', 27)}${pad('tier', 10)}${TOKENIZERS.map((t) => num(t)).join('')}${num('schema')}`);
for (const { tier, spec } of data.allTools()) {
  console.log(
    `${pad(spec.name, 27)}${pad(tier, 10)}${TOKENIZERS.map((t) => num(counters[t](fnJson(spec)))).join('')}${num(counters.o200k(JSON.stringify(withoutDescriptions({ name: spec.name, parameters: spec.inputSchema }))))}`
  );
}

console.log(`\n${pad('system prompt', 37)}${TOKENIZERS.map((t) => num(t)).join('')}`);
for (const { label, text } of data.systemPrompts())
  console.log(`${pad(label, 37)}${TOKENIZERS.map((t) => num(counters[t](text))).join('')}`);

console.log(
  `\nSystem prompt + the turn's tools as each family reads them, against the ${TARGET_TOKENS}-token target:`
);
console.log(
  `${pad('family', 24)}${pad('turn', 30)}${pad('tools', 7)}${num('tokens')}${num('peer')}   verdict`
);
const rows = [];
for (const f of FAMILIES) {
  const count = counters[f.tokenizer];
  for (const { label } of data.systemPrompts()) {
    const turn = data.familyTurn(label, f.family, f.window, count);
    const peer = data.familyTurn(label, 'remote', 1_000_000, count);
    const fn = (spec) => ({ name: spec.name, description: spec.description, parameters: spec.inputSchema });
    const tokens =
      f.family === 'remote'
        ? count(turn.system) + estimateTokensInFunctions(turn.specs.map(fn), count)
        : count(turn.text);
    const ok = tokens <= TARGET_TOKENS;
    rows.push(ok);
    const left = turn.leftOut.length ? `  (left out: ${turn.leftOut.join(', ')})` : '';
    console.log(
      `${pad(f.name, 24)}${pad(label, 30)}${pad(turn.tools, 7)}${num(tokens)}${num(count(peer.text))}   ${ok ? 'within' : 'OVER'} target${left}`
    );
  }
}
const over = rows.filter((ok) => !ok).length;
console.log(
  `\nVerdict: ${rows.length - over} of ${rows.length} rows within ${TARGET_TOKENS} tokens${over ? `, ${over} OVER` : ''} (every row counts, the typical note's included).`
);
process.exitCode = over > 0 && process.argv.includes('--strict') ? 1 : 0;
