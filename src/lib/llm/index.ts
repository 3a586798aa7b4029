// Model providers: one ChatProvider shape over OpenAI-compatible servers, Anthropic and in-browser
// WebLLM. Importing this folder loads no SDK: each provider imports its library on first use.
export type {
  ChatDelta,
  ChatMessage,
  ChatOptions,
  ChatProvider,
  ChatResult,
  ModelInfo,
  ProviderConfig,
  ProviderKind,
  ToolCall,
  ToolSpec,
  Usage
} from './types';
export { ProviderError, providerErrorData } from './errors';
export { createProvider, isLocalProvider } from './create-provider';
export type { CreateProviderOptions } from './create-provider';
export { OpenAiCompatibleProvider } from './openai-provider';
export { AnthropicProvider } from './anthropic-provider';
export { WebLlmProvider } from './webllm-provider';
export { listModels, servedContextTokens, contextLengthFor } from './models';
export { testConnection } from './connection';
export type { ConnectionResult } from './connection';
export { isLoopbackUrl } from './endpoint';
export { detectWebGpu } from './webllm-gpu';
export type { GpuSupport } from './webllm-gpu';
export { webLlmModels, deleteWebLlmModel } from './webllm-engine';
export type { LoadProgress } from './webllm-engine';
export { defaultWebLlmModel, runnableModels } from './webllm-catalog';
export type { WebLlmModelInfo } from './webllm-catalog';
export { tokenCounterFor, loadTokenCounter } from './tokenizers';
export type { TokenCounter } from './tokenizers';
export { toolCallFormat } from './tool-formats';
export type { ToolFormatFamily } from './tool-formats';
