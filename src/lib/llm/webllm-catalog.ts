/**
 * The WebLLM model catalogue as the picker shows it: chat models only, with memory need (from the
 * catalogue), download size (estimated: the catalogue does not state it), context window, whether
 * the model needs `shader-f16`, and a default that fits an ordinary laptop.
 */
import type { ModelInfo } from './types';

/** The fields of web-llm's ModelRecord used here. */
export interface ModelRecordLike {
  model_id: string;
  vram_required_MB?: number;
  low_resource_required?: boolean;
  required_features?: string[];
  overrides?: { context_window_size?: number };
  model_type?: number;
}

/** A catalogue entry: ModelInfo plus what decides whether this device can run it. */
export interface WebLlmModelInfo extends ModelInfo {
  needsShaderF16: boolean;
  /** Marked by WebLLM as fit for low-resource devices (phones, small laptops). */
  lowResource: boolean;
}

/** Default with shader-f16: Qwen2.5 1.5B follows JSON formats well and needs about 1.6 GB. */
export const DEFAULT_WEBLLM_MODEL_F16 = 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC';
/** Default without shader-f16 (e.g. SwiftShader, many integrated GPUs): the f32 build, about 1.9 GB. */
export const DEFAULT_WEBLLM_MODEL_F32 = 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC';

/** web-llm's ModelType.embedding and ModelType.VLM: not chat models for the sidebar. */
const NON_CHAT_TYPES = new Set([1, 2]);

const QUANT_BITS: [pattern: RegExp, bits: number][] = [
  [/-q0f32/, 32],
  [/-q0f16/, 16],
  [/-q3f16/, 3.5],
  [/-q4f(16|32)/, 4.5]
];

/**
 * Estimated download in MB from the parameter count in the id (`1.5B`, `360M`) and the quantisation
 * (4-bit groups carry scales, about 4.5 bits a weight). Undefined when the id names no size.
 */
export function estimateDownloadMB(modelId: string): number | undefined {
  const size = /(?:^|[-_])E?(\d+(?:\.\d+)?)([BM])(?=[-_])/i.exec(modelId);
  const bits = QUANT_BITS.find(([pattern]) => pattern.test(modelId))?.[1];
  if (!size || !bits) return undefined;
  const params = Number(size[1]) * (size[2].toUpperCase() === 'B' ? 1e9 : 1e6);
  return Math.round((params * bits) / 8 / 1e6);
}

/** Whether a model needs the `shader-f16` GPU feature (declared, or implied by an f16 build). */
export function needsShaderF16(record: ModelRecordLike): boolean {
  return record.required_features?.includes('shader-f16') === true || /-q\df16/.test(record.model_id);
}

/** Builds the picker's list from web-llm's `prebuiltAppConfig.model_list`, smallest memory first. */
export function buildCatalog(
  records: ModelRecordLike[],
  nativeToolIds: readonly string[]
): WebLlmModelInfo[] {
  return records
    .filter((r) => !NON_CHAT_TYPES.has(r.model_type ?? 0))
    .map((r) => ({
      id: r.model_id,
      label: r.model_id.replace(/-MLC(-1k)?$/, (_, k: string | undefined) => (k ? ' (1k context)' : '')),
      contextLength: r.overrides?.context_window_size,
      memoryMB: r.vram_required_MB === undefined ? undefined : Math.round(r.vram_required_MB),
      downloadSizeMB: estimateDownloadMB(r.model_id),
      nativeTools: nativeToolIds.includes(r.model_id),
      needsShaderF16: needsShaderF16(r),
      lowResource: r.low_resource_required === true
    }))
    .sort((a, b) => (a.memoryMB ?? Infinity) - (b.memoryMB ?? Infinity));
}

/** The models this device can run: without shader-f16, only f32 builds. */
export function runnableModels(catalog: WebLlmModelInfo[], shaderF16: boolean): WebLlmModelInfo[] {
  return shaderF16 ? catalog : catalog.filter((m) => !m.needsShaderF16);
}

/** The default model for a device. */
export function defaultWebLlmModel(shaderF16: boolean): string {
  return shaderF16 ? DEFAULT_WEBLLM_MODEL_F16 : DEFAULT_WEBLLM_MODEL_F32;
}
