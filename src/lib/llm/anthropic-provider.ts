/**
 * The Anthropic provider: the Messages API with tools and streaming, called straight from the
 * browser. Built on the official `@anthropic-ai/sdk` (SSE parsing, typed errors with the API's
 * message, AbortSignal), imported lazily on the first call; with `dangerouslyAllowBrowser` the SDK
 * sends `anthropic-dangerous-direct-browser-access: true`, which the API requires for CORS.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { abortedError, ProviderError, throwIfAborted } from './errors';
import { normalizeAnthropicBaseUrl } from './endpoint';
import {
  AnthropicAccumulator,
  fromAnthropicMessage,
  toAnthropicMessages,
  toAnthropicTools
} from './anthropic-wire';
import {
  incompleteError,
  readJsonAnswer,
  streamError,
  toProviderError,
  type ErrorContext,
  type SdkErrorClasses
} from './sdk-errors';
import type { AnthropicConfig, ChatMessage, ChatOptions, ChatProvider, ChatResult } from './types';

const LABEL = 'Anthropic';

/** The Messages API requires an output limit; this one leaves room for long edits. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

/** The SDK client and its error classes. */
export interface AnthropicSdk {
  client: Anthropic;
  errors: SdkErrorClasses;
}

/** Creates the SDK client for a config (lazy import; retries left to the user). */
export async function createAnthropicClient(
  config: Pick<AnthropicConfig, 'apiKey' | 'baseUrl'>
): Promise<AnthropicSdk> {
  const sdk = await import('@anthropic-ai/sdk');
  const client = new sdk.default({
    apiKey: config.apiKey,
    baseURL: normalizeAnthropicBaseUrl(config.baseUrl),
    // The key is the user's own and goes only to the API they chose.
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    logLevel: 'off'
  });
  return { client, errors: sdk };
}

/** A ChatProvider over the Anthropic Messages API. */
export class AnthropicProvider implements ChatProvider {
  readonly kind = 'anthropic' as const;
  readonly model: string;
  private sdk: Promise<AnthropicSdk> | undefined;

  constructor(private readonly config: AnthropicConfig) {
    if (!config.apiKey) throw new ProviderError('config', 'Enter an Anthropic API key.');
    if (!config.model) throw new ProviderError('config', 'Choose an Anthropic model.');
    this.model = config.model;
  }

  /** Sends the conversation, streaming; see ChatProvider. */
  async chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    throwIfAborted(options.signal);
    this.sdk ??= createAnthropicClient(this.config);
    const { client, errors } = await this.sdk;
    const ctx: ErrorContext = {
      label: LABEL,
      baseUrl: normalizeAnthropicBaseUrl(this.config.baseUrl),
      signal: options.signal,
      sdk: errors
    };
    try {
      return await this.request(client, messages, options, ctx);
    } catch (error) {
      throw toProviderError(error, ctx);
    }
  }

  private params(messages: ChatMessage[], options: ChatOptions): Anthropic.MessageCreateParamsStreaming {
    const converted = toAnthropicMessages(messages);
    const params: Anthropic.MessageCreateParamsStreaming = {
      model: this.model,
      max_tokens: options.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
      messages: converted.messages,
      stream: true
    };
    if (converted.system) params.system = converted.system;
    if (options.tools?.length) params.tools = toAnthropicTools(options.tools);
    // `temperature` is not sent: this API version no longer takes sampling parameters.
    return params;
  }

  private async request(
    client: Anthropic,
    messages: ChatMessage[],
    options: ChatOptions,
    ctx: ErrorContext
  ): Promise<ChatResult> {
    const { data: stream, response } = await client.messages
      .create(this.params(messages, options), { signal: options.signal })
      .withResponse();
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      // A proxy that buffers answers with one JSON message: read it as such.
      return fromAnthropicMessage(
        (await readJsonAnswer(response, ctx)) as Anthropic.Message,
        options.onDelta
      );
    }
    const acc = new AnthropicAccumulator(options.onDelta);
    try {
      for await (const event of stream) acc.add(event);
    } catch (error) {
      throw streamError(error, ctx);
    }
    if (options.signal?.aborted) throw abortedError();
    if (!acc.finished) throw incompleteError(ctx);
    return acc.result();
  }
}
