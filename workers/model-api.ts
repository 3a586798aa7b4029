/**
 * The in-browser model's management, for Settings: the catalogue as this device can run it (with
 * download size, GPU memory, context window, what is already downloaded, and the recommended model
 * for this GPU: the f16 build where `shader-f16` exists), the download with its progress, stopping
 * it (Pause keeps the pieces fetched so far, which web-llm reuses; Cancel also deletes them), deleting
 * a downloaded model, and the storage the browser gives this site.
 */
import {
  defaultWebLlmModel,
  deleteWebLlmModel,
  detectWebGpu,
  runnableModels,
  webLlmModels,
  WebLlmProvider,
  type LoadProgress
} from '$lib/llm';
import type { AgentProviderSettings, CancelRegistry, StorageUse, WebLlmCatalog } from '$lib/rpc';
import type { AgentCache } from './agent-cache';
import { release, tell } from './page-proxies';

async function storageUse(): Promise<StorageUse | undefined> {
  const storage = (
    globalThis.navigator as
      { storage?: { estimate?: () => Promise<{ usage?: number; quota?: number }> } } | undefined
  )?.storage;
  if (!storage?.estimate) return undefined;
  const { usage = 0, quota = 0 } = await storage.estimate();
  return { usageMB: Math.round(usage / 2 ** 20), quotaMB: Math.round(quota / 2 ** 20) };
}

/** The model-management methods, sharing the agents' cache (one engine per worker). */
export function createModelApi(agents: AgentCache, cancels: CancelRegistry) {
  return {
    /** The catalogue as this device sees it. */
    async webLlmCatalog(): Promise<WebLlmCatalog> {
      const [gpu, catalog, storage] = await Promise.all([
        detectWebGpu(),
        webLlmModels({ checkCache: true }),
        storageUse().catch(() => undefined)
      ]);
      const shaderF16 = gpu.ok && gpu.shaderF16;
      return {
        models: gpu.ok ? runnableModels(catalog, shaderF16) : catalog,
        all: catalog.length,
        gpu,
        recommended: gpu.ok ? defaultWebLlmModel(shaderF16) : undefined,
        storage
      };
    },

    /** Downloads (or reuses) and loads a WebLLM model, reporting progress; `cancel(callId)` stops waiting. */
    async loadModel(
      settings: AgentProviderSettings,
      callId: string,
      onProgress?: (progress: LoadProgress) => void
    ): Promise<void> {
      if (settings.config.kind !== 'webllm')
        throw new TypeError('loadModel: only WebLLM models are loaded in the browser');
      const signal = cancels.signal(callId);
      agents.progressSink = onProgress && ((p) => tell(() => onProgress(p)));
      try {
        const { provider } = agents.get(settings.config);
        if (provider instanceof WebLlmProvider) await agents.active(() => provider.load(signal));
      } finally {
        cancels.release(callId);
        agents.progressSink = undefined;
        release(onProgress);
      }
    },

    /**
     * Stops the download (or load) of `model`; with `discard`, also deletes what was fetched.
     * Returns whether a download was running.
     */
    async stopModelDownload(model: string, discard = false): Promise<boolean> {
      const provider = agents.webLlm(model);
      const running = provider?.active ?? false;
      await provider?.unload();
      if (discard) await deleteWebLlmModel(model);
      return running;
    },

    /** Deletes a downloaded model (unloading it first if it is the one in use); returns the storage after. */
    async deleteModel(model: string): Promise<StorageUse | undefined> {
      await agents.webLlm(model)?.unload();
      await deleteWebLlmModel(model);
      return storageUse().catch(() => undefined);
    }
  };
}
