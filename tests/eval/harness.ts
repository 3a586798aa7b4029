/**
 * The eval harness: runs each scenario through the real agent loop (createAgent, the dispatcher,
 * the built-in tools, the session tools on a real editor state) against a model, in a fresh
 * in-memory workspace, and scores it on the final workspace and the calls made. The model is a
 * real server (OpenAI-compatible: Ollama, llama.cpp, vLLM, LM Studio, OpenAI; or Anthropic), or the
 * scripted model server playing each scenario's correct play, which is how CI keeps the harness
 * and the scoring working.
 */
import { AgentError, createAgent, type ToolTranscriptEntry, type TurnResult } from '$lib/agent';
import {
  contextLengthFor,
  createProvider,
  servedContextTokens,
  tokenCounterFor,
  type ProviderConfig,
  type Usage
} from '$lib/llm';
import { startModelServer } from '../model-server/server';
import type { Scenario } from './scenario';
import { EvalWorkspace } from './workspace';

/** What the scenarios run against. */
export type EvalTarget =
  { kind: 'scripted' } | { kind: 'model'; config: ProviderConfig; contextTokens?: number };

/** One scenario's result. */
export interface ScenarioResult {
  id: string;
  title: string;
  passed: boolean;
  /** The checks that failed (or the error that ended the turn). */
  failures: string[];
  calls: string[];
  steps: number;
  usage: Usage;
  ms: number;
}

/** Options of a run. */
export interface EvalOptions {
  /** Per scenario; a real model that takes longer fails the scenario. */
  timeoutMs?: number;
  /** Turns a scenario's correct play into a wrong one (the harness's own tests prove scorers can fail). */
  mutatePlay?: (scenario: Scenario, play: ReturnType<Scenario['play']>) => ReturnType<Scenario['play']>;
  onResult?: (result: ScenarioResult) => void;
}

const DEFAULT_TIMEOUT_MS = 180_000;
/** The window planned with when the scripted server plays (it states none). */
const SCRIPTED_CONTEXT_TOKENS = 8192;

/** The context window of a real target: as given, as the server serves it, or the cautious default. */
export async function targetContext(config: ProviderConfig, given?: number): Promise<number> {
  if (given) return given;
  if (config.kind === 'openai-compatible') {
    const served = await servedContextTokens(config, { signal: AbortSignal.timeout(5000) }).catch(
      () => undefined
    );
    if (served) return served;
  }
  return contextLengthFor(config);
}

/** Runs one scenario. */
export async function runScenario(
  scenario: Scenario,
  target: EvalTarget,
  options: EvalOptions = {}
): Promise<ScenarioResult> {
  const started = performance.now();
  const ws = await EvalWorkspace.create();
  const server = target.kind === 'scripted' ? await startModelServer() : undefined;
  try {
    const ids = await scenario.seed(ws);
    scenario.setup?.(ws);
    if (scenario.open) await ws.open(scenario.open(ids));
    let config: ProviderConfig;
    let contextTokens: number;
    if (server) {
      const play = scenario.play(ids);
      server.enqueue(...(options.mutatePlay ? options.mutatePlay(scenario, play) : play));
      config = { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'scripted-model' };
      contextTokens = SCRIPTED_CONTEXT_TOKENS;
    } else {
      config = (target as Extract<EvalTarget, { kind: 'model' }>).config;
      contextTokens = await targetContext(
        config,
        (target as Extract<EvalTarget, { kind: 'model' }>).contextTokens
      );
    }
    const countTokens =
      contextTokens <= 32_768 && config.kind !== 'anthropic'
        ? await tokenCounterFor(config.model).catch(() => undefined)
        : undefined;
    const agent = createAgent({
      provider: createProvider(config),
      tools: ws.tools,
      contextTokens,
      countTokens
    });
    const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let turn: TurnResult | undefined;
    let failure: string | undefined;
    try {
      turn = await agent.runNoteChat(await ws.context(), [], scenario.message, {
        signal,
        sessionTools: ws.sessionTools()
      });
    } catch (error) {
      if (!(error instanceof AgentError)) throw error;
      turn = error.partial;
      failure =
        error.reason === 'aborted'
          ? `timed out after ${Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s`
          : error.message;
    }
    const calls: ToolTranscriptEntry[] = turn?.transcript ?? [];
    const checks = scenario.score({ final: await ws.final(), calls, ids, finished: !failure });
    const failures = [
      ...(failure ? [`turn failed: ${failure}`] : []),
      ...checks.filter((c) => !c.ok).map((c) => c.what)
    ];
    return {
      id: scenario.id,
      title: scenario.title,
      passed: failures.length === 0,
      failures,
      calls: calls.map((c) => (c.isError ? `${c.tool}!` : c.tool)),
      steps: turn?.messages.filter((m) => m.role === 'assistant').length ?? 0,
      usage: turn?.usage ?? { inputTokens: 0, outputTokens: 0 },
      ms: Math.round(performance.now() - started)
    };
  } finally {
    await server?.close();
    await ws.close();
  }
}

/** Runs scenarios one after another (a local model serves one request at a time). */
export async function runEval(
  scenarios: Scenario[],
  target: EvalTarget,
  options: EvalOptions = {}
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const result = await runScenario(scenario, target, options);
    results.push(result);
    options.onResult?.(result);
  }
  return results;
}

const pad = (text: string, width: number) =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);

/** The results as a table, with the success rate and a closing `N passed, N failed` line. */
export function formatReport(results: ScenarioResult[], label: string): string {
  const lines = [
    `Folio eval: ${label}`,
    '',
    `${pad('scenario', 26)}${pad('result', 8)}${pad('steps', 6)}${pad('tokens in/out', 16)}${pad('time', 8)}calls`
  ];
  for (const r of results) {
    lines.push(
      `${pad(r.id, 26)}${pad(r.passed ? 'pass' : 'FAIL', 8)}${pad(String(r.steps), 6)}${pad(`${r.usage.inputTokens}/${r.usage.outputTokens}`, 16)}${pad(`${(r.ms / 1000).toFixed(1)} s`, 8)}${r.calls.join(', ') || '—'}`
    );
    for (const failure of r.failures) lines.push(`${' '.repeat(26)}  ✗ ${failure}`);
  }
  const passed = results.filter((r) => r.passed).length;
  const rate = results.length ? ((100 * passed) / results.length).toFixed(1) : '0.0';
  const tokens = results.reduce((sum, r) => sum + r.usage.inputTokens + r.usage.outputTokens, 0);
  lines.push(
    '',
    `Success rate: ${passed}/${results.length} scenarios (${rate} %), ${tokens.toLocaleString('en')} tokens in all.`
  );
  lines.push(`eval: ${passed} passed, ${results.length - passed} failed`);
  return lines.join('\n');
}
