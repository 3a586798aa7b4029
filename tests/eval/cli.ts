/**
 * `npm run eval` (tests/eval/run.mjs loads this through Vite). Without --base-url it runs every
 * scenario against the scripted model server playing the correct moves (the CI mode: 100 % or the
 * command fails); with one, against that server's model:
 *   npm run eval -- --base-url http://localhost:11434/v1 --model qwen2.5:7b
 *   npm run eval -- --base-url https://api.anthropic.com --provider anthropic --model claude-sonnet-4-5 (key in ANTHROPIC_API_KEY)
 * Options: --api-key KEY (or FOLIO_EVAL_API_KEY / OPENAI_API_KEY / ANTHROPIC_API_KEY), --context N
 * (the window to plan with, when the server does not say), --only id,id, --timeout SECONDS.
 */
import type { ProviderConfig } from '$lib/llm';
import { formatReport, runEval, targetContext, type EvalTarget } from './harness';
import { scenarios } from './scenarios';

function args(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}`);
    const [key, inline] = arg.slice(2).split('=', 2);
    out[key] = inline ?? argv[++i] ?? '';
  }
  return out;
}

function target(options: Record<string, string>): { target: EvalTarget; label: string } {
  const baseUrl = options['base-url'];
  if (!baseUrl)
    return {
      target: { kind: 'scripted' },
      label: 'scripted model server (plays each scenario correctly; checks the harness, not a model)'
    };
  const model = options.model;
  if (!model) throw new Error('--model is required with --base-url');
  const anthropic = options.provider === 'anthropic';
  const env = process.env;
  const apiKey =
    options['api-key'] ||
    env.FOLIO_EVAL_API_KEY ||
    (anthropic ? env.ANTHROPIC_API_KEY : env.OPENAI_API_KEY) ||
    '';
  const config: ProviderConfig = anthropic
    ? { kind: 'anthropic', baseUrl, apiKey, model }
    : { kind: 'openai-compatible', baseUrl, model, ...(apiKey ? { apiKey } : {}) };
  const contextTokens = options.context ? Number(options.context) : undefined;
  return { target: { kind: 'model', config, contextTokens }, label: `${model} at ${baseUrl}` };
}

/** Runs the eval; resolves with the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const options = args(argv);
  const { target: t, label } = target(options);
  const only = options.only ? new Set(options.only.split(',')) : undefined;
  const chosen = scenarios.filter((s) => !only || only.has(s.id));
  let header = label;
  if (t.kind === 'model')
    header += `, planning with a ${(await targetContext(t.config, t.contextTokens)).toLocaleString('en')}-token window`;
  process.stdout.write(`Running ${chosen.length} scenarios against ${header}\n`);
  const results = await runEval(chosen, t, {
    timeoutMs: options.timeout ? Number(options.timeout) * 1000 : undefined,
    onResult: (r) => process.stdout.write(`  ${r.passed ? 'pass' : 'FAIL'} ${r.id}\n`)
  });
  process.stdout.write(`\n${formatReport(results, header)}\n`);
  // Against the scripted server every scenario must pass: a failure is a broken harness or scorer.
  return t.kind === 'scripted' && results.some((r) => !r.passed) ? 1 : 0;
}
