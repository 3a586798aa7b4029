/**
 * The OpenAI-compatible provider: Chat Completions with tools and SSE streaming, for OpenAI, Ollama,
 * llama.cpp's server, vLLM, LM Studio and OpenRouter.
 *
 * Library choice: the official `openai` SDK rather than the AI SDK. Its streaming, SSE parsing, typed
 * HTTP errors (with the server's message) and AbortSignal handling are the reference implementation
 * of this wire format, and the scripted test server is verified against the very same SDK. It is
 * imported lazily, on the first call, so nothing of it loads until this provider is chosen.
 *
 * What the SDK leaves to us: servers that answer JSON to a streamed request, the
 * `max_tokens`/`max_completion_tokens` split between servers, and a stream that ends without a
 * finish reason (the SDK ends quietly both then and on abort, so both are checked here).
 */
import type OpenAI from 'openai';
import { abortedError, ProviderError, throwIfAborted } from './errors';
import { normalizeOpenAiBaseUrl } from './endpoint';
import {
  incompleteError,
  readJsonAnswer,
  streamError,
  toProviderError,
  type ErrorContext,
  type SdkErrorClasses
} from './sdk-errors';
import { fromOpenAiCompletion, OpenAiAccumulator, toOpenAiMessages, toOpenAiTools } from './openai-wire';
import type {
  ChatMessage,
  ChatOptions,
  ChatProvider,
  ChatResult,
  MaxTokensParam,
  OpenAiCompatibleConfig
} from './types';

const LABEL = 'The OpenAI-compatible server';

/**
 * Headers the SDK adds for telemetry. In a browser each non-simple header must be listed in the
 * server's Access-Control-Allow-Headers, and local servers list few, so they are dropped (null
 * removes an SDK default header).
 */
const TELEMETRY_HEADERS = [
  'User-Agent',
  'X-Stainless-Retry-Count',
  'X-Stainless-Timeout',
  'X-Stainless-Lang',
  'X-Stainless-Package-Version',
  'X-Stainless-OS',
  'X-Stainless-Arch',
  'X-Stainless-Runtime',
  'X-Stainless-Runtime-Version'
];

/** The SDK client and its error classes (for telling failures apart). */
export interface OpenAiSdk {
  client: OpenAI;
  errors: SdkErrorClasses;
}

/** Creates the SDK client for a config (lazy import; browser use allowed, retries left to the user). */
export async function createOpenAiClient(config: OpenAiCompatibleConfig): Promise<OpenAiSdk> {
  const sdk = await import('openai');
  const client = new sdk.default({
    baseURL: normalizeOpenAiBaseUrl(config.baseUrl),
    // Local servers need no key, but the SDK insists on one; without a key no header is sent.
    apiKey: config.apiKey || 'no-key',
    defaultHeaders: Object.fromEntries(
      [...TELEMETRY_HEADERS, ...(config.apiKey ? [] : ['Authorization'])].map((h) => [h, null])
    ),
    // The key is the user's own, typed into this app and sent only to the server they chose.
    dangerouslyAllowBrowser: true,
    // Retries are the user's call: the alert offers one. Silent back-off would look like a hang.
    maxRetries: 0,
    logLevel: 'off'
  });
  return { client, errors: sdk };
}

/** The parameter OpenAI's own API wants (newer models reject `max_tokens`); others get `max_tokens`. */
function initialMaxTokensParam(config: OpenAiCompatibleConfig): Exclude<MaxTokensParam, 'auto'> {
  if (config.maxTokensParam && config.maxTokensParam !== 'auto') return config.maxTokensParam;
  return new URL(normalizeOpenAiBaseUrl(config.baseUrl)).hostname === 'api.openai.com'
    ? 'max_completion_tokens'
    : 'max_tokens';
}

/** Whether a 400 says the server does not take this parameter. */
function rejectsParam(error: ProviderError, param: string): boolean {
  if (error.status !== 400) return false;
  const cause = error.cause as { param?: string; code?: string } | undefined;
  if (cause?.code === 'unsupported_parameter' && cause.param === param) return true;
  const named =
    error.message.includes(`'${param}'`) ||
    error.message.includes(`"${param}"`) ||
    error.message.includes(`: ${param}`);
  return named && /unsupported|not supported|unrecognized|unknown|not permitted|extra/i.test(error.message);
}

/** A ChatProvider over an OpenAI-compatible Chat Completions endpoint. */
export class OpenAiCompatibleProvider implements ChatProvider {
  readonly kind = 'openai-compatible' as const;
  readonly model: string;
  /** The output-limit parameter in use; switches if the server rejects it, then sticks. */
  maxTokensParam: Exclude<MaxTokensParam, 'auto'>;
  /** Whether to ask for usage in the stream; dropped for servers that reject `stream_options`. */
  streamOptions = true;
  private sdk: Promise<OpenAiSdk> | undefined;

  constructor(private readonly config: OpenAiCompatibleConfig) {
    if (!config.model) throw new ProviderError('config', 'Choose a model for the OpenAI-compatible server.');
    this.model = config.model;
    this.maxTokensParam = initialMaxTokensParam(config);
  }

  /** Sends the conversation, streaming; see ChatProvider. */
  async chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    throwIfAborted(options.signal);
    this.sdk ??= createOpenAiClient(this.config);
    const { client, errors } = await this.sdk;
    const ctx: ErrorContext = {
      label: LABEL,
      baseUrl: this.config.baseUrl,
      signal: options.signal,
      sdk: errors
    };
    // At most two adaptations (output-limit name, stream_options), each learnt once per provider.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.request(client, messages, options, ctx);
      } catch (error) {
        const failure = toProviderError(error, ctx);
        if (attempt >= 2 || !this.adapt(failure, options)) throw failure;
      }
    }
  }

  /** Adjusts the request to what the server said it does not take; false when nothing applies. */
  private adapt(failure: ProviderError, options: ChatOptions): boolean {
    if (options.maxOutputTokens !== undefined && rejectsParam(failure, this.maxTokensParam)) {
      this.maxTokensParam = this.maxTokensParam === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
      return true;
    }
    if (this.streamOptions && rejectsParam(failure, 'stream_options')) {
      this.streamOptions = false;
      return true;
    }
    return false;
  }

  private params(
    messages: ChatMessage[],
    options: ChatOptions
  ): OpenAI.Chat.ChatCompletionCreateParamsStreaming {
    const params: OpenAI.Chat.ChatCompletionCreateParamsStreaming = {
      model: this.model,
      messages: toOpenAiMessages(messages),
      stream: true
    };
    if (this.streamOptions) params.stream_options = { include_usage: true };
    if (options.tools?.length) params.tools = toOpenAiTools(options.tools);
    if (options.temperature !== undefined) params.temperature = options.temperature;
    if (options.maxOutputTokens !== undefined) params[this.maxTokensParam] = options.maxOutputTokens;
    return params;
  }

  private async request(
    client: OpenAI,
    messages: ChatMessage[],
    options: ChatOptions,
    ctx: ErrorContext
  ): Promise<ChatResult> {
    const { data: stream, response } = await client.chat.completions
      .create(this.params(messages, options), { signal: options.signal })
      .withResponse();
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      // A server that does not stream answers with one JSON body: read it as such.
      return fromOpenAiCompletion(
        (await readJsonAnswer(response, ctx)) as OpenAI.Chat.ChatCompletion,
        options.onDelta
      );
    }
    const acc = new OpenAiAccumulator(options.onDelta);
    try {
      for await (const chunk of stream) acc.add(chunk);
    } catch (error) {
      throw streamError(error, ctx);
    }
    // The SDK ends the loop quietly when the request is aborted.
    if (options.signal?.aborted) throw abortedError();
    if (!acc.finished) throw incompleteError(ctx);
    return acc.result();
  }
}
