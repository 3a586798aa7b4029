/**
 * The agent's part of the workspace worker API: chat turns, the provider connection test, model
 * listing and the in-browser model's download. The agent loop, the providers and WebLLM's engine all
 * live here, in the worker, so a long model call never blocks typing.
 *
 * A turn's callbacks (streamed text, tool-call entries, download progress) come from the page as one
 * Comlink proxy; session tools (issue 5) as a second, optional one. Neither can receive an
 * AbortSignal (it does not clone), so Stop works through `cancel(callId)`: the registry aborts the
 * turn's signal, the provider aborts its request, and `runTurn` answers with the partial turn.
 *
 * A turn never rejects for a model or agent failure: it resolves with `{ ok: false }` and the turn as
 * far as it got, because an Error crossing Comlink keeps only its message and code. It rejects only
 * for programming mistakes, and when the worker dies (the page's client reports that).
 */
import { AgentError } from '$lib/agent';
import type { SessionToolHost, WorkspaceToolHost } from '$lib/agent';
import {
  isLocalProvider,
  listModels,
  ProviderError,
  testConnection,
  webLlmModels,
  type ConnectionResult,
  type ModelInfo
} from '$lib/llm';
import type { AgentProviderSettings, CancelRegistry, TurnListener, TurnOutcome, TurnRequest } from '$lib/rpc';
import { AgentCache, type ProviderFactory } from './agent-cache';
import { createModelApi } from './model-api';
import { release, tell } from './page-proxies';

export type { ProviderFactory } from './agent-cache';
import {
  semanticSearchDescription,
  type SemanticKind,
  type ToolCallSource,
  type ToolContext,
  type ToolInfo,
  type ToolResult
} from '$lib/tools';

/** What the agent API is built from: the worker's shared services (services.ts), structurally. */
export interface AgentApiDeps {
  cancels: CancelRegistry;
  registry: { list(): ToolInfo[]; call(id: string, input: unknown, ctx: ToolContext): Promise<ToolResult> };
  /** A fresh ToolContext per call, so a semantic index configured meanwhile is used. */
  toolContext(options: { source: ToolCallSource; signal?: AbortSignal }): ToolContext;
  /** The semantic search host, so `semantic_search_notes` is described as what it is now. */
  semantic?: { snapshot(): { available: boolean; config: { kind: string } } };
  /** Builds the provider for a config; the default is llm's `createProvider` (the benchmark passes its own). */
  createProvider?: ProviderFactory;
  /** How long an unused in-browser model keeps its GPU memory (default IDLE_UNLOAD_MS). */
  idleUnloadMs?: number;
}

/** What kind of search the embedder in use does. */
function semanticKind(semantic: AgentApiDeps['semantic']): SemanticKind {
  const snapshot = semantic?.snapshot();
  if (!snapshot?.available) return 'none';
  return snapshot.config.kind === 'hashed-ngram' ? 'lexical' : 'meaning';
}

/**
 * The registry as the agent's tool host: every call marked as the AI's, with its own signal, and
 * `semantic_search_notes` described for the embedder in use (lexical n-grams are not "by meaning").
 */
export function agentToolHost(
  deps: Pick<AgentApiDeps, 'registry' | 'toolContext' | 'semantic'>
): WorkspaceToolHost {
  return {
    list: () => {
      const tools = deps.registry.list();
      if (!deps.semantic) return tools;
      const description = semanticSearchDescription(semanticKind(deps.semantic));
      return tools.map((tool) => (tool.id === 'semantic_search_notes' ? { ...tool, description } : tool));
    },
    call: (id, input, options) =>
      deps.registry.call(id, input, deps.toolContext({ source: options.source, signal: options.signal }))
  };
}

/** The words shown when a remote provider has no opt-in. */
export const REMOTE_REFUSED_MESSAGE =
  'This provider is on another computer, and sending notes to it is not allowed. Turn on “Allow sending notes to this provider” in Settings to use it.';

/** Throws a `config` ProviderError when the settings send notes away without the user's opt-in. */
export function assertAllowed(settings: AgentProviderSettings): void {
  if (!isLocalProvider(settings.config) && !settings.allowRemote)
    throw new ProviderError('config', REMOTE_REFUSED_MESSAGE);
}

/** The failure outcome for anything a turn threw. */
function failure(error: unknown): TurnOutcome {
  if (error instanceof AgentError)
    return { ok: false, reason: error.reason, message: error.message, partial: error.partial };
  if (error instanceof ProviderError) return { ok: false, reason: 'settings', message: error.message };
  throw error;
}

/** A session-tools proxy without the signal (it cannot cross to the page); the loop races it on Stop. */
function sessionHost(remote: SessionToolHost | undefined): SessionToolHost | undefined {
  return remote && { call: (name, args) => remote.call(name, args, {}) };
}

/** Builds the agent's worker methods, to spread into the workspace API. */
export function createAgentApi(deps: AgentApiDeps) {
  const agents = new AgentCache(agentToolHost(deps), deps.createProvider, deps.idleUnloadMs);
  return {
    /** Runs one chat turn; see TurnOutcome. `sessionTools` is needed when the context has a note. */
    async runTurn(
      request: TurnRequest,
      listener?: TurnListener,
      sessionTools?: SessionToolHost
    ): Promise<TurnOutcome> {
      const signal = deps.cancels.signal(request.callId);
      try {
        assertAllowed(request.settings);
        if (listener?.onProgress) agents.progressSink = (p) => tell(() => listener.onProgress?.(p));
        const agent = await agents.get(request.settings.config).agent;
        const result = await agents.active(() =>
          agent.runNoteChat(request.context, request.history, request.message, {
            signal,
            sessionTools: sessionHost(sessionTools),
            onDelta: listener?.onDelta && ((d) => tell(() => listener.onDelta?.(d))),
            onToolCall: listener?.onToolCall && ((e) => tell(() => listener.onToolCall?.(e))),
            onToolResult: listener?.onToolResult && ((e) => tell(() => listener.onToolResult?.(e))),
            onTrim: listener?.onTrim && ((i) => tell(() => listener.onTrim?.(i))),
            // Awaited, unlike the others: the call waits for the user. A page without the method says no.
            confirm:
              listener &&
              (async (r) =>
                (await Promise.resolve(listener.confirmToolCall?.(r)).catch(() => false)) === true)
          })
        );
        return { ok: true, result };
      } catch (error) {
        return failure(error);
      } finally {
        deps.cancels.release(request.callId);
        agents.progressSink = undefined;
        // The page's proxies hold a MessagePort each; let them go (a no-op on plain objects).
        release(listener);
        release(sessionTools);
      }
    },

    /** Sends one short request with these settings and reports success or the exact failure. */
    async testProvider(settings: AgentProviderSettings, callId?: string): Promise<ConnectionResult> {
      const { config } = settings;
      try {
        assertAllowed(settings);
      } catch (error) {
        return { ok: false, kind: 'config', message: (error as Error).message };
      }
      if (config.kind === 'webllm')
        return {
          ok: false,
          kind: 'unsupported',
          message: 'In-browser models are tested by loading them: use Download model.'
        };
      const signal = callId ? deps.cancels.signal(callId) : undefined;
      try {
        return await testConnection(config, { signal });
      } finally {
        if (callId) deps.cancels.release(callId);
      }
    },

    /** The models a provider offers (WebLLM: the catalogue, with `cached` set). */
    async listProviderModels(settings: AgentProviderSettings): Promise<ModelInfo[]> {
      if (settings.config.kind === 'webllm') return webLlmModels({ checkCache: true });
      assertAllowed(settings);
      return listModels(settings.config);
    },

    ...createModelApi(agents, deps.cancels)
  };
}

/** The agent's worker methods. */
export type AgentApi = ReturnType<typeof createAgentApi>;
