/**
 * WebGPU detection for the in-browser provider, with explanations a person can act on. WebGPU exists
 * in dedicated workers too, so the workspace worker can check for itself before loading a model.
 */

/** The parts of `navigator.gpu` used here (kept structural so tests can pass their own). */
export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'low-power' | 'high-performance';
  }): Promise<AdapterLike | null>;
}

/** The parts of a GPUAdapter used here. */
export interface AdapterLike {
  features: { has(name: string): boolean };
  limits: { maxBufferSize: number; maxStorageBufferBindingSize: number };
}

/** What the device offers for in-browser models. */
export type GpuSupport =
  { ok: true; shaderF16: boolean; maxBufferSizeMB: number } | { ok: false; reason: string };

const NO_WEBGPU =
  'This browser does not offer WebGPU, which in-browser models need. Use a recent Chrome, Edge or Safari on a computer with a graphics chip, or pick a model server instead (for example Ollama on this machine).';

const INSECURE =
  'WebGPU is only available on secure pages (https:// or localhost). Open Folio over https, or pick a model server instead.';

const NO_ADAPTER =
  'WebGPU is present but offers no graphics adapter: it may be switched off, or this graphics chip is blocked by the browser (Chrome shows why at chrome://gpu). Pick a model server instead, or try another browser.';

function currentGpu(): GpuLike | undefined {
  return (globalThis.navigator as { gpu?: GpuLike } | undefined)?.gpu;
}

/**
 * Checks for a usable WebGPU adapter and the `shader-f16` feature (without it only the f32 builds of
 * WebLLM models run). Never throws: a missing piece comes back as `{ok: false, reason}`.
 */
export async function detectWebGpu(gpu: GpuLike | undefined = currentGpu()): Promise<GpuSupport> {
  if (!gpu) return { ok: false, reason: globalThis.isSecureContext === false ? INSECURE : NO_WEBGPU };
  let adapter: AdapterLike | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (error) {
    return { ok: false, reason: `${NO_ADAPTER} (${(error as Error).message})` };
  }
  if (!adapter) return { ok: false, reason: NO_ADAPTER };
  return {
    ok: true,
    shaderF16: adapter.features.has('shader-f16'),
    maxBufferSizeMB: Math.floor(adapter.limits.maxBufferSize / (1024 * 1024))
  };
}
