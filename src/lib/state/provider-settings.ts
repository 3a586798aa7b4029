/**
 * The AI provider the user chose, as stored in the settings table (key `ai.provider`). The API key
 * stays in this browser's IndexedDB: it is sent only to the provider, never logged, and never put in
 * a chat transcript. A provider off this machine needs the user's opt-in (`allowRemote`), which the
 * worker checks again before every request.
 */
import { getSetting, setSetting, type FolioDatabase } from '$lib/db';
import { isLocalProvider, type ProviderConfig, type ProviderKind } from '$lib/llm';
import type { AgentProviderSettings } from '$lib/rpc';

/** The settings key of the provider settings. */
export const PROVIDER_SETTINGS_KEY = 'ai.provider';

/** What the Settings form edits and stores. */
export interface ProviderSettings {
  kind: ProviderKind;
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The user allowed sending notes to a provider off this machine. */
  allowRemote: boolean;
}

/** The base URL each kind starts with when the user switches to it. */
export const DEFAULT_BASE_URLS: Record<ProviderKind, string> = {
  'openai-compatible': 'http://localhost:11434/v1',
  anthropic: 'https://api.anthropic.com',
  webllm: ''
};

/** The settings before the user chose anything: a local Ollama server, nothing sent away. */
export const DEFAULT_PROVIDER_SETTINGS: ProviderSettings = {
  kind: 'openai-compatible',
  baseUrl: DEFAULT_BASE_URLS['openai-compatible'],
  apiKey: '',
  model: '',
  allowRemote: false
};

/** What is stored under PROVIDER_SETTINGS_KEY: null until the user first saved a provider. */
export type StoredProviderSettings = Partial<ProviderSettings> | null;

/** The stored settings as they were saved (null: never saved). */
export function readStoredProviderSettings(db: FolioDatabase): Promise<StoredProviderSettings> {
  return getSetting<StoredProviderSettings>(db, PROVIDER_SETTINGS_KEY, null);
}

/** Stored settings completed with the defaults. */
export function withDefaults(stored: StoredProviderSettings): ProviderSettings {
  return { ...DEFAULT_PROVIDER_SETTINGS, ...(stored ?? {}) };
}

/** The stored settings, or the defaults. */
export async function loadProviderSettings(db: FolioDatabase): Promise<ProviderSettings> {
  return withDefaults(await readStoredProviderSettings(db));
}

/** Stores the settings. */
export async function saveProviderSettings(db: FolioDatabase, settings: ProviderSettings): Promise<void> {
  await setSetting(db, PROVIDER_SETTINGS_KEY, { ...settings });
}

/** The provider config the settings describe (fields trimmed; an empty key left out). */
export function toProviderConfig(settings: ProviderSettings): ProviderConfig {
  const model = settings.model.trim();
  const baseUrl = settings.baseUrl.trim();
  const apiKey = settings.apiKey.trim();
  switch (settings.kind) {
    case 'webllm':
      return { kind: 'webllm', model };
    case 'anthropic':
      return { kind: 'anthropic', model, apiKey, ...(baseUrl ? { baseUrl } : {}) };
    case 'openai-compatible':
      return { kind: 'openai-compatible', model, baseUrl, ...(apiKey ? { apiKey } : {}) };
  }
}

/** What a worker call runs with. */
export function toAgentSettings(settings: ProviderSettings): AgentProviderSettings {
  return { config: toProviderConfig(settings), allowRemote: settings.allowRemote };
}

/** Whether these settings send notes off this machine (and so need the opt-in). */
export function isRemote(settings: ProviderSettings): boolean {
  return !isLocalProvider(toProviderConfig(settings));
}

/**
 * What is missing before a chat can start, in words for the user; undefined when nothing is.
 * The opt-in is checked here too, so the chat can say so before asking the worker.
 */
export function missingSetting(settings: ProviderSettings): string | undefined {
  if (!settings.model.trim()) return 'Choose a model in Settings first.';
  if (settings.kind === 'openai-compatible' && !settings.baseUrl.trim())
    return 'Enter the server’s Base URL in Settings first.';
  if (settings.kind === 'anthropic' && !settings.apiKey.trim())
    return 'Enter your Anthropic API key in Settings first.';
  if (isRemote(settings) && !settings.allowRemote) {
    return 'This provider is on another computer: allow sending notes to it in Settings, or choose a local provider.';
  }
  return undefined;
}
