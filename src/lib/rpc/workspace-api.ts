/**
 * The contract between the page and the workspace worker: every method the worker exposes (over
 * Comlink) and the plain data types those methods take and return. It lives here, beside the client
 * (workspace.ts), so that the page's code depends on this contract and never on the worker's files;
 * the worker (workers/workspace-api.ts) declares that what it builds is a `WorkspaceApi`, so the
 * compiler holds the two together.
 *
 * The contract names the data of the tiers it carries (tools, search, agent, llm, sync, plugins, db),
 * as types only: nothing of their code is loaded by importing it.
 */
import type {
  ConsentRequest,
  NoteContext,
  SessionToolHost,
  ToolTranscriptEntry,
  TrimInfo,
  TurnResult,
  UserTurnInput,
  AgentFailure
} from '$lib/agent';
import type { PluginRecord } from '$lib/db';
import type {
  ChatDelta,
  ChatMessage,
  ConnectionResult,
  GpuSupport,
  LoadProgress,
  ModelInfo,
  ProviderConfig,
  WebLlmModelInfo
} from '$lib/llm';
import type { SearchResponse } from '$lib/search';
import type { ConnectionCheck, SyncConfig, SyncErrorKind, SyncProgress, SyncReport } from '$lib/sync';
import type { JsonSchema, ToolAnnotations, ToolCallSource, ToolInfo, ToolResult } from '$lib/tools';

/** What `info()` reports: enough for the page to check it talks to a worker on the right database. */
export interface WorkspaceInfo {
  database: string;
  schemaVersion: number;
}

/** Options of `search`. */
export interface SearchCallOptions {
  /** At most this many results (1..1000, default 200); `total` counts all. */
  limit?: number;
  /** Makes the call cancellable with `cancel(callId)`. */
  callId?: string;
}

/** A note related to the open one, by meaning. */
export interface RelatedNote {
  id: string;
  title: string;
  /** Cosine similarity of the note's best chunk. */
  score: number;
}

/** Related notes, or `available: false` when no embedder is configured. */
export interface RelatedNotesAnswer {
  available: boolean;
  notes: RelatedNote[];
}

/** The kinds of embedder a user can choose. */
export type EmbedderKind = 'none' | 'hashed-ngram' | 'openai-compatible' | 'webllm';

/** The stored embedder choice. */
export interface EmbedderConfig {
  kind: EmbedderKind;
  /** openai-compatible: the server's base URL (e.g. `http://localhost:11434/v1`). */
  baseUrl?: string;
  /** openai-compatible: the model name; webllm: one of WEBLLM_EMBEDDING_MODELS. */
  model?: string;
  /** openai-compatible: sent as a Bearer token when given. */
  apiKey?: string;
  /** openai-compatible on a non-loopback host: the user agreed to send note text there. */
  allowRemote?: boolean;
}

/** The embedder choice as the page may see it: the API key is never sent back, only whether one is set. */
export type PublicEmbedderConfig = Omit<EmbedderConfig, 'apiKey'> & { hasApiKey: boolean };

/** What the page shows about semantic search: the choice, indexing progress, model loading, the last error. */
export interface SemanticSnapshot {
  config: PublicEmbedderConfig;
  /** An embedder is configured (Related notes and `semantic_search_notes` work). */
  available: boolean;
  /** The model id vectors are stored under, or null. */
  model: string | null;
  indexing: boolean;
  paused: boolean;
  /** Notes looked at, of notes to look at, in the current (or last) run. */
  progress: { done: number; total: number };
  /** A model being downloaded or loaded (WebLLM), 0..1. */
  loading: { text: string; progress: number } | null;
  /** Why the last run failed (the embedder could not be reached, ...), in words for the user. */
  error: string | null;
}

/** The snapshot plus the size of the index. */
export interface SemanticStatusReport extends SemanticSnapshot {
  chunks: number;
  notes: number;
}

/** A semantic-status listener; over Comlink it is a proxy whose call returns a promise. */
export type SemanticListener = (snapshot: SemanticSnapshot) => unknown;

/** Options of `callTool`. */
export interface ToolCallOptions {
  /** Makes the call cancellable with `cancel(callId)`. */
  callId?: string;
  /** Who calls: the AI, a plugin or the user. Default 'user'. */
  source?: ToolCallSource;
  /** Who exactly (a plugin's name, an MCP client's name): the writer's name in the change log. */
  caller?: string;
}

/** The provider settings a call runs with: the config (key included) and the remote opt-in. */
export interface AgentProviderSettings {
  config: ProviderConfig;
  /** The user allowed sending notes to this (non-loopback) provider. */
  allowRemote: boolean;
}

/** One chat turn as the page asks for it. */
export interface TurnRequest {
  /** The id `cancel(callId)` stops the turn with. */
  callId: string;
  settings: AgentProviderSettings;
  context: NoteContext;
  history: ChatMessage[];
  message: string | UserTurnInput;
}

/** The page's listeners for one turn (a Comlink proxy; every method is optional). */
export interface TurnListener {
  onDelta?(delta: ChatDelta): void;
  onToolCall?(entry: ToolTranscriptEntry): void;
  onToolResult?(entry: ToolTranscriptEntry): void;
  onTrim?(info: TrimInfo): void;
  /** WebLLM download and load progress, when the turn has to load the model first. */
  onProgress?(progress: LoadProgress): void;
  /** Asks the user to allow a destructive call after plugin output (the sidebar's inline confirmation). */
  confirmToolCall?(request: ConsentRequest): Promise<boolean> | boolean;
}

/** Why a turn failed: the agent's reasons, or settings that forbid or break the call. */
export type TurnFailure = AgentFailure | 'settings';

/** How a turn ended. On failure, `partial` is the turn as far as it got (for the transcript). */
export type TurnOutcome =
  | { ok: true; result: TurnResult }
  | { ok: false; reason: TurnFailure; message: string; partial?: TurnResult };

/** The browser's storage for this site, in MB (navigator.storage.estimate). */
export interface StorageUse {
  usageMB: number;
  quotaMB: number;
}

/** What the model picker shows. */
export interface WebLlmCatalog {
  /** The models this device can run, smallest memory first, `cached` set for downloaded ones. */
  models: WebLlmModelInfo[];
  /** Every chat model in web-llm's catalogue (some need a GPU feature this device lacks). */
  all: number;
  gpu: GpuSupport;
  /** The default for this device, when it has WebGPU. */
  recommended?: string;
  storage?: StorageUse;
}

/** A plugin tool as the workspace registry gets it (the page registers it for a running plugin). */
export interface PluginToolInfo {
  id: string;
  /** The plugin's name, for the model's framing of the tool and the transcript. */
  pluginName: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: ToolAnnotations;
}

/** The page's callback for one plugin tool (a Comlink proxy). */
export interface PluginToolCallback {
  call(input: unknown): Promise<unknown>;
}

/** How a sync ended. */
export type SyncOutcome =
  | { status: 'done'; report: SyncReport }
  | { status: 'busy' }
  | { status: 'off' }
  | { status: 'failed'; error: { kind: SyncErrorKind; message: string; transient: boolean } };

/** The worker's methods: heartbeat, identity and cancellation. */
export interface CoreMethods {
  /** Answers at once: the client's heartbeat and a liveness check. */
  ping(): 'pong';
  /** The database the worker opened. */
  info(): WorkspaceInfo;
  /** Cancels the running call with this id; returns whether one was running. */
  cancel(callId: string): boolean;
}

/** Full-text search, Related notes and the semantic index's status and controls. */
export interface SearchMethods {
  search(query: string, options?: SearchCallOptions): Promise<SearchResponse>;
  /**
   * Resolves once the full-text index is loaded from its snapshot or built (searches before then
   * wait for it); rejects with the reason it could not be, which the next search retries.
   */
  searchReady(): Promise<void>;
  relatedNotes(noteId: string, k?: number): Promise<RelatedNotesAnswer>;
  semanticStatus(): Promise<SemanticStatusReport>;
  subscribeSemantic(listener: SemanticListener): number;
  unsubscribeSemantic(id: number): boolean;
  pauseIndexing(): SemanticSnapshot;
  resumeIndexing(): SemanticSnapshot;
  configureEmbedder(config: EmbedderConfig): Promise<SemanticSnapshot>;
}

/** The workspace tool registry as the page's UI and the page's MCP transports see it. */
export interface ToolMethods {
  listTools(): ToolInfo[];
  callTool(id: string, input: unknown, options?: ToolCallOptions): Promise<ToolResult>;
  setToolEnabled(id: string, enabled: boolean): ToolInfo | undefined;
}

/** Chat turns, the provider check and model listing, and the in-browser model's management. */
export interface AgentMethods {
  runTurn(
    request: TurnRequest,
    listener?: TurnListener,
    sessionTools?: SessionToolHost
  ): Promise<TurnOutcome>;
  testProvider(settings: AgentProviderSettings, callId?: string): Promise<ConnectionResult>;
  listProviderModels(settings: AgentProviderSettings): Promise<ModelInfo[]>;
  webLlmCatalog(): Promise<WebLlmCatalog>;
  loadModel(
    settings: AgentProviderSettings,
    callId: string,
    onProgress?: (progress: LoadProgress) => void
  ): Promise<void>;
  stopModelDownload(model: string, discard?: boolean): Promise<boolean>;
  deleteModel(model: string): Promise<StorageUse | undefined>;
}

/** Installed plugins, the tools running plugins register, and plugins' data calls. */
export interface PluginMethods {
  listPlugins(): Promise<PluginRecord[]>;
  installPlugin(fileText: string): Promise<PluginRecord>;
  setPluginEnabled(pluginId: string, enabled: boolean): Promise<PluginRecord>;
  removePlugin(pluginId: string): Promise<void>;
  registerPluginTool(pluginId: string, info: PluginToolInfo, callback: PluginToolCallback): void;
  unregisterPluginTool(toolId: string): boolean;
  callPluginData(pluginId: string, method: string, input: unknown): Promise<unknown>;
}

/** The MCP server of the workspace, reached by the page's transports over a MessagePort. */
export interface McpMethods {
  mcpAttach(port: MessagePort): void;
  mcpSessionCount(): number;
}

/** Sync with the configured target. */
export interface SyncMethods {
  syncNow(callId?: string, onProgress?: (progress: SyncProgress) => void): Promise<SyncOutcome>;
  testSyncConnection(config: SyncConfig): Promise<ConnectionCheck>;
}

/** The workspace worker's API, as the page sees its shape (Comlink calls it by method name). */
export interface WorkspaceApi
  extends CoreMethods, SearchMethods, ToolMethods, AgentMethods, PluginMethods, McpMethods, SyncMethods {}
