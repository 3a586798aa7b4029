/**
 * Settings' calls to the workspace worker about models: the provider connection test and the
 * in-browser model's catalogue, download, pause/cancel and deletion. The components call these, so
 * that only state talks to the worker; each carries the deadline its work needs (a download of a
 * few GB may take an hour, the rest answer within a minute).
 */
import * as Comlink from 'comlink';
import type { ConnectionResult, LoadProgress } from '$lib/llm';
import {
  getWorkspace,
  newCallId,
  type AgentProviderSettings,
  type StorageUse,
  type WebLlmCatalog
} from '$lib/rpc';

/** The deadline of a model call that only reads or deletes. */
const MODEL_CALL_TIMEOUT_MS = 60_000;
/** The deadline of a model download: large models on a slow line take long. */
const MODEL_DOWNLOAD_TIMEOUT_MS = 60 * 60_000;

/** Asks the provider in `settings` whether it answers, and with which models. */
export function testProvider(settings: AgentProviderSettings): Promise<ConnectionResult> {
  return getWorkspace().call('testProvider', [settings], { timeoutMs: MODEL_CALL_TIMEOUT_MS });
}

/** The in-browser models this device can run, what is downloaded, and the site's storage. */
export function webLlmCatalog(): Promise<WebLlmCatalog> {
  return getWorkspace().call('webLlmCatalog', [], { timeoutMs: MODEL_CALL_TIMEOUT_MS });
}

/** Downloads and loads the in-browser model `model`, reporting progress as it goes. */
export function downloadWebLlmModel(
  model: string,
  onProgress: (progress: LoadProgress) => void
): Promise<void> {
  const settings: AgentProviderSettings = { config: { kind: 'webllm', model }, allowRemote: false };
  return getWorkspace().call('loadModel', [settings, newCallId(), Comlink.proxy(onProgress)], {
    timeoutMs: MODEL_DOWNLOAD_TIMEOUT_MS
  });
}

/** Stops the download of `model`; `discard` also deletes what was fetched (Cancel, not Pause). */
export function stopWebLlmDownload(model: string, discard: boolean): Promise<boolean> {
  return getWorkspace().call('stopModelDownload', [model, discard], { timeoutMs: MODEL_CALL_TIMEOUT_MS });
}

/** Deletes the downloaded model `model` from this browser; answers the storage left in use. */
export function deleteWebLlmModel(model: string): Promise<StorageUse | undefined> {
  return getWorkspace().call('deleteModel', [model], { timeoutMs: MODEL_CALL_TIMEOUT_MS });
}
