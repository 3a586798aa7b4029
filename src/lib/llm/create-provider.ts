/**
 * One entry point from settings to a provider, and the privacy rule the settings enforce: a provider
 * on this machine (WebLLM, or a server on loopback) is local; anything else sends notes away and
 * needs the user's explicit opt-in.
 */
import { AnthropicProvider } from './anthropic-provider';
import { isLoopbackUrl } from './endpoint';
import { OpenAiCompatibleProvider } from './openai-provider';
import { WebLlmProvider, type WebLlmProviderOptions } from './webllm-provider';
import type {
  AnthropicConfig,
  ChatProvider,
  OpenAiCompatibleConfig,
  ProviderConfig,
  WebLlmConfig
} from './types';

/** Options that only some providers use. */
export interface CreateProviderOptions {
  /** Progress bar, tool mode and (in tests) engine and GPU for WebLLM. */
  webllm?: WebLlmProviderOptions;
}

/**
 * Builds the provider for a config. Cheap and synchronous: SDKs and web-llm load on first use.
 * Throws a ProviderError of kind `config` for missing settings (model, Anthropic key, bad URL).
 */
export function createProvider(config: WebLlmConfig, options?: CreateProviderOptions): WebLlmProvider;
export function createProvider(
  config: OpenAiCompatibleConfig,
  options?: CreateProviderOptions
): OpenAiCompatibleProvider;
export function createProvider(config: AnthropicConfig, options?: CreateProviderOptions): AnthropicProvider;
export function createProvider(config: ProviderConfig, options?: CreateProviderOptions): ChatProvider;
export function createProvider(config: ProviderConfig, options: CreateProviderOptions = {}): ChatProvider {
  switch (config.kind) {
    case 'openai-compatible':
      return new OpenAiCompatibleProvider(config);
    case 'anthropic':
      return new AnthropicProvider(config);
    case 'webllm':
      return new WebLlmProvider(config, options.webllm);
  }
}

/** Whether a provider keeps everything on this device (no opt-in needed). */
export function isLocalProvider(config: ProviderConfig): boolean {
  if (config.kind === 'webllm') return true;
  if (config.kind === 'anthropic') return config.baseUrl !== undefined && isLoopbackUrl(config.baseUrl);
  return isLoopbackUrl(config.baseUrl);
}
