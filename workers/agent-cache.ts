/**
 * One agent per provider settings, rebuilt when they change, and the in-browser model's GPU memory
 * managed with it: switching to other settings unloads the WebLLM model the old ones held (about
 * 1.6 GB for Qwen2.5-1.5B would otherwise stay on the GPU), and a model nobody used for
 * IDLE_UNLOAD_MS is unloaded too (it loads again from the browser's cache on the next turn, in
 * seconds, without a download). Activity is counted from the start to the end of each turn or load.
 */
import { createAgent, type Agent } from '$lib/agent';
import type { WorkspaceToolHost } from '$lib/agent';
import {
  contextLengthFor,
  createProvider,
  listModels,
  servedContextTokens,
  tokenCounterFor,
  webLlmModels,
  WebLlmProvider,
  type ChatProvider,
  type CreateProviderOptions,
  type LoadProgress,
  type ProviderConfig,
  type TokenCounter
} from '$lib/llm';

/** Builds a provider from its config (llm's `createProvider` by default). */
export type ProviderFactory = (config: ProviderConfig, options?: CreateProviderOptions) => ChatProvider;

/** How long an unused in-browser model keeps its GPU memory. */
export const IDLE_UNLOAD_MS = 10 * 60_000;

/** How long model listing may take when a turn looks up the model's context window. */
const CONTEXT_LOOKUP_TIMEOUT_MS = 3_000;

/** Windows up to this size get the family's tokenizer for planning (a larger one has room to spare). */
const TOKENIZER_WINDOW_LIMIT = 32_768;

/** The context window to plan with: the catalogue's (WebLLM), the server's served one, or a default. */
async function contextTokensFor(config: ProviderConfig): Promise<number> {
  try {
    if (config.kind === 'webllm')
      return (
        (await webLlmModels()).find((m) => m.id === config.model)?.contextLength ?? contextLengthFor(config)
      );
    const signal = AbortSignal.timeout(CONTEXT_LOOKUP_TIMEOUT_MS);
    if (config.kind === 'openai-compatible') {
      const served = await servedContextTokens(config, { signal });
      return contextLengthFor(config, served ? { id: config.model, contextLength: served } : undefined);
    }
    const listed = await listModels(config, { signal });
    return contextLengthFor(
      config,
      listed.find((m) => m.id === config.model)
    );
  } catch {
    // Listing is optional (many servers lack it or refuse it): plan with the cautious default.
    return contextLengthFor(config);
  }
}

/** The family's token counter for a small window; none for Anthropic or when loading it fails. */
async function counterFor(config: ProviderConfig, contextTokens: number): Promise<TokenCounter | undefined> {
  if (config.kind === 'anthropic' || contextTokens > TOKENIZER_WINDOW_LIMIT) return undefined;
  return tokenCounterFor(config.model).catch(() => undefined);
}

/**
 * What the cache holds for the current settings: the provider at once (a download can start, and be
 * stopped, right away), the agent when the context window and the family's tokenizer are known.
 */
export interface AgentEntry {
  agent: Promise<Agent>;
  provider: ChatProvider;
}

/** The agents of a worker: the current settings' one. */
export class AgentCache {
  private key = '';
  private entry: AgentEntry | undefined;
  private busy = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Where the current WebLLM provider reports progress to (the turn or load that waits for it). */
  progressSink: ((progress: LoadProgress) => void) | undefined;

  constructor(
    private readonly tools: WorkspaceToolHost,
    private readonly makeProvider: ProviderFactory = createProvider,
    private readonly idleUnloadMs = IDLE_UNLOAD_MS
  ) {}

  /**
   * The provider and agent for these settings; other settings' in-browser model is unloaded. Throws
   * a ProviderError for settings no provider can be made from (e.g. no model chosen).
   */
  get(config: ProviderConfig): AgentEntry {
    const key = JSON.stringify(config);
    if (this.entry && key === this.key) return this.entry;
    void this.unloadCurrent();
    const provider = this.makeProvider(config, { webllm: { onProgress: (p) => this.progressSink?.(p) } });
    const agent = this.build(config, provider);
    const entry: AgentEntry = { provider, agent };
    this.key = key;
    this.entry = entry;
    agent.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    return entry;
  }

  /** The in-browser provider of the current settings when it is `model`, without building one. */
  webLlm(model: string): WebLlmProvider | undefined {
    const provider = this.entry?.provider;
    return provider instanceof WebLlmProvider && provider.model === model ? provider : undefined;
  }

  /** Runs `work` as activity: no idle unload while it runs; the idle clock restarts after. */
  async active<T>(work: () => Promise<T>): Promise<T> {
    this.busy++;
    clearTimeout(this.idleTimer);
    try {
      return await work();
    } finally {
      if (--this.busy === 0) this.idleTimer = setTimeout(() => void this.unloadIdle(), this.idleUnloadMs);
    }
  }

  /** Frees the GPU memory of the current settings' in-browser model (it reloads on the next use). */
  async unloadCurrent(): Promise<void> {
    clearTimeout(this.idleTimer);
    const provider = this.entry?.provider;
    if (provider instanceof WebLlmProvider) await provider.unload().catch(() => undefined);
  }

  private async unloadIdle(): Promise<void> {
    if (this.busy === 0) await this.unloadCurrent();
  }

  private async build(config: ProviderConfig, provider: ChatProvider): Promise<Agent> {
    const contextTokens = await contextTokensFor(config);
    const countTokens = await counterFor(config, contextTokens);
    return createAgent({ provider, tools: this.tools, contextTokens, countTokens });
  }
}
