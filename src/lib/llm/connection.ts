/**
 * "Test connection" for the settings: one short real request through the provider, so the answer is
 * exactly what a chat would meet (key, model name, CORS, the server's own error message).
 */
import { ProviderError, type ProviderErrorKind } from './errors';
import { AnthropicProvider } from './anthropic-provider';
import { OpenAiCompatibleProvider } from './openai-provider';
import type { AnthropicConfig, OpenAiCompatibleConfig } from './types';

/** The outcome of a connection test. */
export type ConnectionResult =
  | { ok: true; model: string; reply: string; latencyMs: number }
  | { ok: false; kind: ProviderErrorKind; message: string; status?: number };

/** Output limit of the probe: enough for a reasoning model to produce something, cheap anyway. */
const PROBE_MAX_TOKENS = 16;

/**
 * Sends one short message ("Reply with OK") and reports success with the reply, or the exact
 * failure. Never throws for provider failures; `signal` cancels it.
 */
export async function testConnection(
  config: OpenAiCompatibleConfig | AnthropicConfig,
  options: { signal?: AbortSignal } = {}
): Promise<ConnectionResult> {
  const started = performance.now();
  try {
    const provider =
      config.kind === 'anthropic' ? new AnthropicProvider(config) : new OpenAiCompatibleProvider(config);
    const result = await provider.chat([{ role: 'user', content: 'Reply with OK.' }], {
      maxOutputTokens: PROBE_MAX_TOKENS,
      signal: options.signal
    });
    return {
      ok: true,
      model: config.model,
      reply: result.text,
      latencyMs: Math.round(performance.now() - started)
    };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return {
      ok: false,
      kind: error.kind,
      message: error.message,
      ...(error.status ? { status: error.status } : {})
    };
  }
}
