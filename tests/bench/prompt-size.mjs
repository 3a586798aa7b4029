#!/usr/bin/env node
/**
 * Benchmark: the size of the system prompt and of every tool definition, counted with a real BPE
 * tokenizer (gpt-tokenizer, o200k_base: GPT-4o / GPT-4.1 / GPT-5). Target (issue 4): system prompt +
 * all tool definitions of a turn ≤ 1,500 tokens. Each tool is counted three ways:
 * - json: the JSON of an OpenAI Chat Completions `tools` entry, which is also what the chat templates
 *   of open models (Qwen, Hermes, Llama 3) paste into the prompt: the figure a small local model pays;
 * - openai: OpenAI's own rendering of function definitions (a TypeScript-like namespace, as
 *   gpt-tokenizer's estimateTokensInFunctions reproduces it): the figure OpenAI bills;
 * - peer: the same JSON without any description, i.e. what the schemas alone cost, so the table
 *   shows what the model-facing wording adds. Measured in the same run.
 *
 * Run: node tests/bench/prompt-size.mjs [--strict]   (--strict: exit code 1 when a json figure misses the target)
 */
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { encode } from 'gpt-tokenizer';
import { estimateTokensInFunctions } from 'gpt-tokenizer/functionCalling';

const TARGET_TOKENS = 1500;
const root = fileURLToPath(new URL('../..', import.meta.url));

const count = (text) => encode(text).length;
const fn = (spec) => ({ name: spec.name, description: spec.description, parameters: spec.inputSchema });
const json = (spec) => count(JSON.stringify({ type: 'function', function: fn(spec) }));
const openai = (specs) => estimateTokensInFunctions(specs.map(fn), count);

/** The value with every `description` removed, at any depth. */
function withoutDescriptions(value) {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'description').map(([key, v]) => [key, withoutDescriptions(v)]));
}
const peer = (spec) => count(JSON.stringify({ type: 'function', function: withoutDescriptions(fn(spec)) }));

async function load() {
  // SvelteKit's Vite plugin sets the root itself (the working directory), so start from there.
  process.chdir(root);
  const server = await createServer({ logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom' });
  try {
    return await server.ssrLoadModule('/tests/bench/prompt-size-data.ts');
  } finally {
    await server.close();
  }
}

const pad = (text, width) => String(text).padEnd(width);
const num = (n, width = 9) => String(n).padStart(width);
const sum = (values) => values.reduce((a, b) => a + b, 0);

const data = await load();
const tools = data.allTools().map(({ tier, spec }) => ({ tier, spec, json: json(spec), openai: openai([spec]), peer: peer(spec) }));
const prompts = new Map(data.systemPrompts().map(({ label, text }) => [label, { tokens: count(text), chars: text.length }]));

console.log('Prompt size, o200k_base tokens (openai per tool includes its namespace wrapper)\n');
console.log(`${pad('tool', 27)}${pad('tier', 10)}${num('json')}${num('openai')}${num('peer')}`);
for (const t of tools) console.log(`${pad(t.spec.name, 27)}${pad(t.tier, 10)}${num(t.json)}${num(t.openai)}${num(t.peer)}`);

console.log(`\n${pad('system prompt', 37)}${num('tokens')}${num('chars')}`);
for (const [label, p] of prompts) console.log(`${pad(label, 37)}${num(p.tokens)}${num(p.chars)}`);

// The turns compared with the target. With a note open and no selection the list is longest: all
// workspace tools, the anchor/append tools and replace_structured_block (edit_selection replaces
// those only while text is selected).
const workspace = tools.filter((t) => t.tier === 'workspace');
const noteTurn = tools.filter((t) => t.spec.name !== 'edit_selection');
const selectionTurn = [...workspace, ...tools.filter((t) => t.spec.name === 'edit_selection')];
const turns = [
  { label: 'no note open', prompt: 'no note open', list: workspace },
  { label: 'empty note', prompt: 'empty note', list: noteTurn },
  { label: 'typical note (body included)', prompt: 'typical note', list: noteTurn },
  { label: 'typical note, selection', prompt: 'typical note, selection', list: selectionTurn }
];

console.log(`\nSystem prompt + the turn's tool definitions, against the ${TARGET_TOKENS}-token target:`);
console.log(`${pad('turn', 37)}${pad('tools', 7)}${num('json')}${num('openai')}${num('peer')}`);
let missed = false;
for (const turn of turns) {
  const system = prompts.get(turn.prompt).tokens;
  const figures = [system + sum(turn.list.map((t) => t.json)), system + openai(turn.list.map((t) => t.spec)), system + sum(turn.list.map((t) => t.peer))];
  const verdict = figures[0] <= TARGET_TOKENS ? 'within' : 'OVER';
  if (figures[0] > TARGET_TOKENS && !turn.label.includes('body')) missed = true;
  console.log(`${pad(turn.label, 37)}${pad(turn.list.length, 7)}${figures.map((f) => num(f)).join('')}   json ${verdict} target`);
}
const split = (tier) => sum(tools.filter((t) => t.tier === tier && t.spec.name !== 'edit_selection').map((t) => t.json));
console.log(`\nTool definitions (json) of the longest turn: workspace ${split('workspace')}, session ${split('session')}.`);
process.exitCode = missed && process.argv.includes('--strict') ? 1 : 0;
