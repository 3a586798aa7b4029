/**
 * The shapes of the workspace tool registry: a tool definition, the context a handler runs in, and
 * the MCP-shaped result every call returns. The capabilities a handler needs from other parts of
 * the app (full-text and semantic search) are interfaces here, so the registry does not depend on
 * how, or in which context, they are built.
 */
import type { FolioDatabase } from '$lib/db';

/** A JSON Schema object (draft 2020-12) as the registry stores it. */
export type JsonSchema = Record<string, unknown>;

/** MCP's tool annotations: hints for clients, never a security boundary. */
export interface ToolAnnotations {
  /** A short human-readable name. */
  title?: string;
  /** The tool changes nothing. */
  readOnlyHint?: boolean;
  /** A write may overwrite or remove something (meaningful only when not read-only). */
  destructiveHint?: boolean;
  /** Calling it twice with the same input has no further effect. */
  idempotentHint?: boolean;
  /** It reaches outside the workspace (the web, another service). */
  openWorldHint?: boolean;
}

/** Where a tool comes from when it is not Folio's own: the plugin that registered it. */
export interface ToolProvenance {
  pluginId: string;
  /** The plugin's name as its manifest gives it (untrusted text, at most 80 characters). */
  pluginName: string;
}

/** Who is calling: the AI sidebar, a plugin, an MCP client, or the user through the UI. Writes are marked with it. */
export type ToolCallSource = 'ai' | 'plugin' | 'mcp' | 'user';

/** One hit of the full-text index, as `FullTextSearch` returns it. */
export interface FullTextHit {
  id: string;
  title: string;
  notebook_id: string;
  updated_time: number;
  score: number;
  snippet: string;
  highlights?: unknown;
}

/** The full-text index (search/), as far as the tools need it. */
export interface FullTextSearch {
  search(
    query: string,
    options: { limit: number }
  ): Promise<{ results: FullTextHit[]; total: number }> | { results: FullTextHit[]; total: number };
}

/** One chunk found by the semantic index; title and notebook are looked up by the tool. */
export interface SemanticHit {
  note_id: string;
  chunk_index: number;
  chunk_text: string;
  /** Cosine similarity, higher is closer. */
  score: number;
}

/** Options of a semantic search: the `k` best chunks scoring at least `minScore`, only of `noteIds` when given. */
export interface SemanticSearchOptions {
  k: number;
  minScore: number;
  noteIds?: string[];
  signal?: AbortSignal;
}

/** The semantic index (search/semantic); absent from the context when no embedder is configured. */
export interface SemanticSearch {
  search(query: string, options: SemanticSearchOptions): Promise<SemanticHit[]>;
}

/** What a handler may use. One context per call (it carries the call's abort signal). */
export interface ToolContext {
  db: FolioDatabase;
  search: FullTextSearch;
  /** Undefined when no embedding model is configured. */
  semantic?: SemanticSearch;
  signal?: AbortSignal;
  source: ToolCallSource;
  /** Who exactly is calling (the plugin's name, the MCP client's name): recorded as the writer's name. */
  caller?: string;
}

/** A workspace tool. `handler` gets input already validated against `inputSchema`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds tools of every input type; a handler of a typed input is not assignable to one of `unknown`
export interface ToolDefinition<Input = any> {
  /** Unique in the registry; the name the model calls. */
  id: string;
  /** Written for a model: what the tool does and when to use it. */
  description: string;
  inputSchema: JsonSchema;
  /** When present, the handler's payload must be an object matching it; it becomes `structuredContent`. */
  outputSchema?: JsonSchema;
  annotations: ToolAnnotations;
  /**
   * The input field holding the id of the note this tool changes, for tools that change one note.
   * The sidebar's assistant turns such a call on the note open in the editor into a suggestion.
   */
  writesNote?: string;
  /** Set for a plugin's tool: its description and output are the plugin's, untrusted. */
  plugin?: ToolProvenance;
  /** Returns the payload: a string is sent as is, anything else as pretty JSON. */
  handler(input: Input, ctx: ToolContext): Promise<unknown> | unknown;
}

/** One text block of a result (the only content type the built-in tools produce). */
export interface TextContent {
  type: 'text';
  text: string;
}

/** The result of a call, in MCP's `CallToolResult` shape. */
export interface ToolResult {
  content: TextContent[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

/** A registered tool as consumers see it: its definition minus the handler, plus its switch. */
export interface ToolInfo {
  id: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations: ToolAnnotations;
  /** See ToolDefinition.writesNote. */
  writesNote?: string;
  /** Set for a plugin's tool. */
  plugin?: ToolProvenance;
  enabled: boolean;
}

/** What `register` returns, like the MCP SDK's RegisteredTool. */
export interface ToolHandle {
  readonly id: string;
  enable(): void;
  disable(): void;
  /** Takes the tool out of the registry; the id can then be registered again. */
  remove(): void;
}

/** A change of the registry, e.g. to send MCP's `notifications/tools/list_changed`. */
export interface ToolRegistryChange {
  kind: 'registered' | 'removed' | 'enabled' | 'disabled';
  id: string;
}

/** Which tools `list()` returns. */
export interface ToolListFilter {
  /** Only tools whose switch is on. */
  enabledOnly?: boolean;
  /** Any further test, e.g. a consumer's own switches. */
  where?: (tool: ToolInfo) => boolean;
}
