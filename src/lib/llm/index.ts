// Model providers: one ChatProvider shape over OpenAI-compatible servers, Anthropic and in-browser
// WebLLM. Importing this folder loads no SDK: each provider imports its library on first use.
export type {
  AnthropicConfig,
  AssistantMessage,
  ChatDelta,
  ChatMessage,
  ChatOptions,
  ChatProvider,
  ChatResult,
  FinishReason,
  JsonSchema,
  MaxTokensParam,
  ModelInfo,
  OpenAiCompatibleConfig,
  ProviderConfig,
  ProviderKind,
  SystemMessage,
  ToolCall,
  ToolResultMessage,
  ToolSpec,
  Usage,
  UserMessage,
  WebLlmConfig
} from './types';
export { ProviderError, abortedError, providerErrorData } from './errors';
export type { ProviderErrorKind, ProviderErrorData } from './errors';
export { createProvider, isLocalProvider } from './create-provider';
export type { CreateProviderOptions } from './create-provider';
export { OpenAiCompatibleProvider } from './openai-provider';
export { AnthropicProvider, ANTHROPIC_DEFAULT_MAX_TOKENS } from './anthropic-provider';
export { WebLlmProvider } from './webllm-provider';
export type { WebLlmProviderOptions } from './webllm-provider';
export { listModels, servedContextTokens, contextLengthFor, LOCAL_DEFAULT_CONTEXT_TOKENS, REMOTE_DEFAULT_CONTEXT_TOKENS } from './models';
export { testConnection } from './connection';
export type { ConnectionResult } from './connection';
export { isLoopbackUrl, explainUnreachable, normalizeOpenAiBaseUrl, normalizeAnthropicBaseUrl } from './endpoint';
export { detectWebGpu } from './webllm-gpu';
export type { GpuSupport, GpuLike } from './webllm-gpu';
export { webLlmModels, createWebLlmEngine, deleteWebLlmModel } from './webllm-engine';
export type { LoadProgress, EngineFactory, WebLlmEngine } from './webllm-engine';
export { defaultWebLlmModel, runnableModels, DEFAULT_WEBLLM_MODEL_F16, DEFAULT_WEBLLM_MODEL_F32 } from './webllm-catalog';
export type { WebLlmModelInfo } from './webllm-catalog';
export { tokenCounterFor, tokenizerFamily, loadTokenCounter } from './tokenizers';
export type { TokenCounter, TokenizerFamily } from './tokenizers';
export { toolCallFormat, toolFormatFamily } from './tool-formats';
export type { ToolCallFormat, ToolFormatFamily } from './tool-formats';
