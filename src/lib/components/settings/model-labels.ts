/**
 * How the model picker words a WebLLM model: its name, download size, GPU memory and context window,
 * and whether it is recommended for this device or already downloaded.
 */
import type { WebLlmModelInfo } from '$lib/llm';

/** "1.6 GB" or "820 MB". */
export function sizeText(mb: number | undefined): string {
  if (mb === undefined) return 'size unknown';
  if (mb < 1) return 'under 1 MB';
  return mb >= 1000 ? `${(mb / 1024).toFixed(1)} GB` : `${Math.round(mb)} MB`;
}

/** "4k" or "128k" tokens. */
export function contextText(tokens: number | undefined): string {
  if (!tokens) return 'unknown';
  return tokens >= 1024 ? `${Math.round(tokens / 1024)}k` : String(tokens);
}

/** The option text for a model. */
export function modelOptionText(model: WebLlmModelInfo, recommended: string | undefined): string {
  const marks = [model.id === recommended ? 'recommended' : '', model.cached ? 'downloaded' : ''].filter(
    Boolean
  );
  return `${model.label ?? model.id}${marks.length ? ` (${marks.join(', ')})` : ''}`;
}

/** The line under the picker describing the chosen model. */
export function modelDetailText(model: WebLlmModelInfo): string {
  const download = model.cached ? 'downloaded' : `${sizeText(model.downloadSizeMB)} download`;
  return `${download} · ${sizeText(model.memoryMB)} of GPU memory · ${contextText(model.contextLength)} tokens of context`;
}
