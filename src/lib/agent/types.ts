/**
 * The agent's own shapes: the note context a turn runs in, the two tool hosts it dispatches to, the
 * hooks the chat listens on, and what a turn returns. Model messages and tool results are the llm and
 * tools folders' types; everything here is plain data (or an interface a Comlink proxy can satisfy),
 * so a turn can cross from the main thread into the workspace worker.
 */
import type { ChatDelta, ChatMessage, ChatProvider, ToolSpec, Usage } from '$lib/llm';
import type { JsonSchema, ToolResult } from '$lib/tools';

export type { ChatMessage, ChatProvider, ToolSpec, ToolResult, JsonSchema, Usage };

/** The user's selection in the open note: ProseMirror positions and its Markdown text. */
export interface NoteSelection {
  from: number;
  to: number;
  text: string;
}

/** The open note as the chat sees it when the turn starts. */
export interface FocusedNote {
  id: string;
  title: string;
  /** The note's Markdown. */
  body: string;
  /** Cursor offset in `body`; anchors with several matches resolve to the one nearest it. */
  cursor?: number;
}

/** What a turn knows about the editor: the open note (if any) and the selection (if any). */
export interface NoteContext {
  note?: FocusedNote;
  /** Only meaningful with a note. */
  selection?: NoteSelection;
  /**
   * Info-string tags of the note's fenced blocks (`mermaid`, `abc`, …). Computed from the body when
   * absent; pass it when the editor already knows, to skip a Markdown parse.
   */
  structuredBlockTags?: readonly string[];
}

/** Which side of the dispatcher serves a tool. */
export type ToolTier = 'session' | 'workspace';

/** The plugin a tool comes from (the registry's ToolProvenance). */
export interface PluginSource {
  pluginId: string;
  pluginName: string;
}

/** A tool offered this turn: the definition the model sees, plus the tier the dispatcher routes to. */
export interface TurnTool extends ToolSpec {
  tier: ToolTier;
  /** For workspace tools that change one note: the argument that names it. */
  writesNote?: string;
  /** Set for a plugin's tool: its description and output are framed as the plugin's (provenance.ts). */
  plugin?: PluginSource;
}

/** A workspace tool as the registry lists it (a structural subset of the registry's ToolInfo). */
export interface WorkspaceToolInfo {
  id: string;
  description: string;
  inputSchema: JsonSchema;
  /** Tools switched off are not offered. */
  enabled?: boolean;
  /** The argument naming the note the tool changes (registry's writesNote): on the open note, a suggestion. */
  writesNote?: string;
  /** Set for a plugin's tool. */
  plugin?: PluginSource;
}

/** The workspace tool registry, as far as the agent needs it. */
export interface WorkspaceToolHost {
  list(): readonly WorkspaceToolInfo[];
  /** Runs a tool. Tool failures resolve with `isError: true`; only faults reject. */
  call(id: string, input: unknown, options: { signal?: AbortSignal; source: 'ai' }): Promise<ToolResult>;
}

/**
 * The open editor's session tools (issue 5): a handler that proposes each edit to the review queue and
 * answers with a result the model reads. It is a Comlink proxy to the main thread in the app, which
 * cannot receive the signal: the loop also stops waiting for it on abort. It also takes the calls of
 * workspace tools that would change the open note (update_note, manage_tags, delete_note on it):
 * those become suggestions too, by the same name and arguments.
 */
export interface SessionToolHost {
  call(name: string, args: Record<string, unknown>, options: { signal?: AbortSignal }): Promise<ToolResult>;
}

/** One tool call of the turn as the chat transcript shows it: the tool's id, expandable to the JSON. */
export interface ToolTranscriptEntry {
  kind: 'tool';
  /** The model's call id. */
  id: string;
  tool: string;
  /** Undefined when the tool is not one offered this turn. */
  tier?: ToolTier;
  /** The plugin the tool comes from, shown on the call in the transcript. */
  plugin?: PluginSource;
  /** Set while the call waits for the user's consent (consent.ts), and after: what they were asked. */
  consent?: { action: string; pluginName: string; answer?: 'allowed' | 'declined' };
  /** The parsed arguments, or the raw text when it was not a JSON object. */
  arguments: unknown;
  /** Undefined while the call runs. */
  result?: ToolResult;
  isError: boolean;
  durationMs: number;
  /** The loop step (1-based) the call was made in. */
  step: number;
  /** A workspace tool's call on the open note, sent to the editor as a suggestion instead of run. */
  review?: boolean;
}

/** A session-tool call of this turn that proposed an edit (now pending the user's review). */
export interface SessionEdit {
  callId: string;
  tool: string;
  arguments: Record<string, unknown>;
  result: ToolResult;
}

/** How the user resolved an edit proposed in an earlier turn. */
export interface EditOutcome {
  /** The call id that proposed the edit. */
  callId?: string;
  tool: string;
  status: 'accepted' | 'rejected' | 'stale';
  /** A short description (e.g. the anchor), shown to the model. */
  summary?: string;
}

/** What the user sent this turn, with the review outcomes of the previous turn's edits. */
export interface UserTurnInput {
  text: string;
  editOutcomes?: readonly EditOutcome[];
}

/** What trimming did to fit the conversation into the model's context window. */
export interface TrimInfo {
  /** Whole earlier turns left out, oldest first. */
  droppedTurns: number;
  /** Tool results cut short with a marker. */
  shortenedResults: number;
  /** Estimated tokens of what was sent (messages only). */
  estimatedTokens: number;
  /** Tokens available to the messages. */
  budgetTokens: number;
  /** True when even the system prompt and the current turn alone exceed the budget. */
  overBudget: boolean;
}

/** Per-turn callbacks and the Stop signal. */
export interface TurnHooks {
  signal?: AbortSignal;
  /** Required when the context has a note: the session tools' handler. */
  sessionTools?: SessionToolHost;
  onDelta?(delta: ChatDelta): void;
  onToolCall?(entry: ToolTranscriptEntry): void;
  onToolResult?(entry: ToolTranscriptEntry): void;
  onTrim?(info: TrimInfo): void;
  /** Asks the user before a destructive call that follows plugin output (consent.ts); without it, such calls are refused. */
  confirm?: ConsentHook;
}

/** What a finished turn returns. `messages` are this turn's messages, to append to the history. */
export interface TurnResult {
  reply: string;
  edits: SessionEdit[];
  messages: ChatMessage[];
  transcript: ToolTranscriptEntry[];
  steps: number;
  usage: Usage;
  /** The last trimming done this turn, if any. */
  trim?: TrimInfo;
  /** The reply was cut off by the model's output limit. */
  truncated?: boolean;
}

/** What the sidebar shows when it asks. */
export interface ConsentRequest {
  /** The model's call id. */
  callId: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** In words: what the call would do ("move the note 0123… to the trash"). */
  action: string;
  /** The plugin whose output came before, by name. */
  pluginName: string;
}

/** Asks the user; resolves true when they allow the call. */
export type ConsentHook = (request: ConsentRequest) => Promise<boolean>;
