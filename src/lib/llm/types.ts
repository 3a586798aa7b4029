/**
 * The provider-neutral conversation, tool and result shapes every model provider speaks. The agent
 * loop builds `ChatMessage[]` and reads `ChatResult`; each provider translates to its wire format.
 */

/** A JSON Schema object describing a tool's input (kept loose: providers pass it through). */
export type JsonSchema = Record<string, unknown>;

/** A tool offered to the model for one call. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/**
 * One tool call the model made. `arguments` is the raw JSON text as the model wrote it. When it parses
 * to a JSON object, `parsed` holds it; otherwise `parseError` says what is wrong, so the agent can send
 * that back to the model as an error result instead of running the tool.
 */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
  parsed?: Record<string, unknown>;
  parseError?: string;
}

/** The system prompt. Providers that take it separately (Anthropic) lift it out of the list. */
export interface SystemMessage {
  role: 'system';
  content: string;
}

/** What the user typed. */
export interface UserMessage {
  role: 'user';
  content: string;
}

/** A model turn: its text and the tool calls it made (if any). */
export interface AssistantMessage {
  role: 'assistant';
  content: string;
  toolCalls?: ToolCall[];
}

/** The result of one tool call, answering the assistant's call with the same id. */
export interface ToolResultMessage {
  role: 'tool';
  toolCallId: string;
  name: string;
  content: string;
  isError?: boolean;
}

/** One message of a conversation. */
export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolResultMessage;

/**
 * A streamed piece of the answer. Tool call deltas carry the call's `index` in this answer and its
 * `id`/`name` as known so far (both arrive with the first delta on every supported wire), so a
 * listener can show a call growing while its arguments stream.
 */
export type ChatDelta =
  | { type: 'text'; text: string }
  | { type: 'tool_call'; index: number; id: string; name: string; argumentsDelta: string };

/** Why the model stopped: done, wants tools run, hit the token limit, or refused/was filtered. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'error';

/** Token counts as the provider reported them (0 when it reported none). */
export interface Usage {
  /** All input tokens of the request, those read from the provider's prompt cache included. */
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the prompt cache (Anthropic cache_read, OpenAI cached_tokens). */
  cachedInputTokens?: number;
  /** Input tokens written to the prompt cache (Anthropic cache_creation), billed at a premium. */
  cacheWriteTokens?: number;
}

/** The whole answer to one `chat` call. */
export interface ChatResult {
  text: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  usage: Usage;
}

/** Options for one `chat` call. */
export interface ChatOptions {
  tools?: ToolSpec[];
  /** Aborting rejects the call with a ProviderError of kind `aborted` (within 200 ms). */
  signal?: AbortSignal;
  onDelta?: (delta: ChatDelta) => void;
  /** Upper bound on the answer's length; omitted means the provider's default. */
  maxOutputTokens?: number;
  temperature?: number;
}

/** The one shape of every model provider. */
export interface ChatProvider {
  readonly kind: ProviderKind;
  readonly model: string;
  /** Sends the conversation, streams deltas to `onDelta`, resolves with the whole answer. */
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<ChatResult>;
}

/** The provider families. */
export type ProviderKind = 'openai-compatible' | 'anthropic' | 'webllm';

/**
 * Which Chat Completions field carries the output limit: OpenAI's newer models accept only
 * `max_completion_tokens`, while many OpenAI-compatible servers know only `max_tokens`.
 */
export type MaxTokensParam = 'auto' | 'max_tokens' | 'max_completion_tokens';

/** Settings of an OpenAI-compatible server (OpenAI, Ollama, llama.cpp, vLLM, LM Studio, OpenRouter). */
export interface OpenAiCompatibleConfig {
  kind: 'openai-compatible';
  /** e.g. `http://localhost:11434/v1` or `https://api.openai.com/v1`; `/v1` is added when no path is given. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  maxTokensParam?: MaxTokensParam;
}

/** Settings of the Anthropic Messages API (called straight from the browser). */
export interface AnthropicConfig {
  kind: 'anthropic';
  /** Default `https://api.anthropic.com`. */
  baseUrl?: string;
  apiKey: string;
  model: string;
}

/** Settings of the in-browser WebLLM provider. */
export interface WebLlmConfig {
  kind: 'webllm';
  /** A WebLLM model id, e.g. `Qwen2.5-1.5B-Instruct-q4f32_1-MLC`. */
  model: string;
}

/** Settings of any provider. */
export type ProviderConfig = OpenAiCompatibleConfig | AnthropicConfig | WebLlmConfig;

/** A model a provider offers. Sizes are in MB and only known for WebLLM models. */
export interface ModelInfo {
  id: string;
  label?: string;
  /** Context window in tokens, when the server or catalogue says. */
  contextLength?: number;
  downloadSizeMB?: number;
  memoryMB?: number;
  /** WebLLM: already downloaded, usable offline. */
  cached?: boolean;
  /** WebLLM: speaks native tool calls (otherwise tools are prompted and constrained). */
  nativeTools?: boolean;
}
