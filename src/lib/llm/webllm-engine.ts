/**
 * The seam between the WebLLM provider and web-llm itself: the engine interface the provider uses
 * (so tests drive a fake engine with the same shape; no weights can be fetched there), the lazy
 * default factory (web-llm is a 6.8 MB module: it is imported only here, only when a model loads),
 * the catalogue, and load failures translated into plain words.
 */
import { ProviderError } from './errors';
import { buildCatalog, type WebLlmModelInfo } from './webllm-catalog';

/** A streamed chunk as web-llm yields it (the OpenAI chunk shape). */
export interface WebLlmChunk {
  choices: {
    delta: {
      content?: string | null;
      tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
    };
    finish_reason: string | null;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
}

/** A chat request as web-llm takes it (the subset used here). */
export interface WebLlmRequest {
  messages: { role: string; content: string; tool_call_id?: string }[];
  stream: true;
  stream_options: { include_usage: true };
  /**
   * Constrained decoding, enforced by XGrammar (compiled during prefill, so a grammar error comes
   * from the stream's first chunk, not from `create`): a JSON schema, or a structural tag (free text
   * with tagged regions, e.g. tool calls, whose content follows a schema).
   */
  response_format?:
    { type: 'json_object'; schema: string } | { type: 'structural_tag'; structural_tag: StructuralTag };
  tools?: {
    type: 'function';
    function: { name: string; description: string; parameters: Record<string, unknown> };
  }[];
  max_tokens?: number;
  temperature?: number;
}

/** An XGrammar structural tag (web-llm's `StructuralTagLike`, the part of it Folio writes). */
export interface StructuralTag {
  type: 'structural_tag';
  format: StructuralTagFormat;
}

/** The structural tag formats Folio uses: tool calls as tags triggered inside free text. */
export type StructuralTagFormat =
  | {
      type: 'triggered_tags';
      triggers: string[];
      tags: TagFormat[];
      at_least_one?: boolean;
      stop_after_first?: boolean;
    }
  | TagFormat
  | { type: 'json_schema'; json_schema: Record<string, unknown> | boolean }
  | { type: 'any_text' };

/** One tagged region: `begin`, content in a format, `end`. */
export interface TagFormat {
  type: 'tag';
  begin: string;
  content: StructuralTagFormat;
  end: string;
}

/** The parts of web-llm's MLCEngine the provider uses. */
export interface WebLlmEngine {
  chat: { completions: { create(request: WebLlmRequest): Promise<AsyncIterable<WebLlmChunk>> } };
  /**
   * Stops the generation that is running: its stream ends with finish_reason `abort`. A generation
   * that has not started yet (waiting for the lock) clears the flag when it starts, and runs.
   */
  interruptGenerate(): void | Promise<void>;
  unload(): Promise<void>;
}

/** Download and load progress, for the progress bar. */
export interface LoadProgress {
  /** 0…1 */
  fraction: number;
  /** `download` while fetching weights, `load` while reading them from the cache onto the GPU. */
  phase: 'download' | 'load';
  /** web-llm's own line, e.g. "Fetching param cache[3/27]: 310MB fetched. 12% completed…". */
  text: string;
}

/**
 * Creates a loaded engine for a model; also says which models take native tools. Aborting `signal`
 * stops the download or load and rejects (pieces fetched so far stay in the browser's cache).
 */
export type EngineFactory = (
  model: string,
  onProgress: (progress: LoadProgress) => void,
  signal?: AbortSignal
) => Promise<{ engine: WebLlmEngine; nativeToolIds: readonly string[] }>;

/** Turns web-llm's progress report into LoadProgress. */
export function toLoadProgress(report: { progress: number; text: string }): LoadProgress {
  return {
    fraction: Math.max(0, Math.min(1, report.progress)),
    phase: /^fetching/i.test(report.text) ? 'download' : 'load',
    text: report.text
  };
}

/**
 * The real engine: imports web-llm now (not before) and loads the model, reusing cached weights.
 * `CreateMLCEngine` would hide the engine until the load ends, so the engine is made first and
 * `reload` called on it: `unload()` during a reload aborts its fetches, and web-llm's reload then
 * returns quietly (it swallows the AbortError), hence the check of the signal afterwards.
 */
export const createWebLlmEngine: EngineFactory = async (model, onProgress, signal) => {
  const webllm = await import('@mlc-ai/web-llm');
  const engine = new webllm.MLCEngine({
    initProgressCallback: (report) => onProgress(toLoadProgress(report)),
    logLevel: 'WARN'
  });
  const stop = () => void engine.unload();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    await engine.reload(model);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (signal?.aborted) throw new DOMException(`Loading ${model} was stopped.`, 'AbortError');
  return { engine: engine as unknown as WebLlmEngine, nativeToolIds: webllm.functionCallingModelIds };
};

/** The WebLLM chat models with their sizes; `cached` is set where the Cache API can tell. */
export async function webLlmModels(options: { checkCache?: boolean } = {}): Promise<WebLlmModelInfo[]> {
  const webllm = await import('@mlc-ai/web-llm');
  const catalog = buildCatalog(webllm.prebuiltAppConfig.model_list, webllm.functionCallingModelIds);
  if (!options.checkCache || typeof caches === 'undefined') return catalog;
  await Promise.all(
    catalog.map(async (m) => {
      m.cached = await webllm.hasModelInCache(m.id).catch(() => false);
    })
  );
  return catalog;
}

/** Deletes a model's weights, configuration and library from the browser's cache (web-llm's own cache API). */
export async function deleteWebLlmModel(model: string): Promise<void> {
  const webllm = await import('@mlc-ai/web-llm');
  await webllm.deleteModelAllInfoInCache(model);
}

/** Explains why a model failed to load, by web-llm's error names and the browser's. */
export function loadError(model: string, error: unknown): ProviderError {
  const { name = '', message = String(error) } = (error ?? {}) as { name?: string; message?: string };
  if (name === 'WebGPUNotAvailableError' || name === 'WebGPUNotFoundError') {
    return new ProviderError(
      'unsupported',
      `In-browser models need WebGPU, which is not available here (${message}).`,
      { cause: error }
    );
  }
  if (name === 'ShaderF16SupportError' || name === 'FeatureSupportError') {
    return new ProviderError(
      'unsupported',
      `${model} needs a GPU feature this device lacks (${message}). Pick a model ending in q4f32_1.`,
      { cause: error }
    );
  }
  if (name === 'QuotaExceededError') {
    return new ProviderError(
      'unsupported',
      `There is not enough browser storage to keep ${model}. Free some space or pick a smaller model.`,
      { cause: error }
    );
  }
  if (name === 'DeviceLostError') {
    return new ProviderError(
      'unsupported',
      `The graphics device gave up while loading ${model}, often for lack of memory. Pick a smaller model.`,
      { cause: error }
    );
  }
  if (name === 'ModelNotFoundError')
    return new ProviderError('config', `WebLLM does not know the model ${model}.`, { cause: error });
  // Browsers word a failed fetch differently: "Failed to fetch", "NetworkError…", "Load failed".
  if (/fetch|network|load failed/i.test(message)) {
    return new ProviderError(
      'network',
      `Could not download ${model} (${message}). The first load needs a connection; after that the model is cached and works offline.`,
      { cause: error }
    );
  }
  return new ProviderError('unsupported', `Could not load ${model}: ${message}`, { cause: error });
}
