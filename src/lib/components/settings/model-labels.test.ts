import { describe, expect, it } from 'vitest';
import { contextText, modelDetailText, modelOptionText, sizeText } from './model-labels';

const qwen = {
  id: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
  label: 'Qwen2.5-1.5B-Instruct-q4f16_1',
  memoryMB: 1630,
  downloadSizeMB: 844,
  contextLength: 4096,
  needsShaderF16: true,
  lowResource: true
};

describe('model labels', () => {
  it('words sizes and windows', () => {
    expect(sizeText(844)).toBe('844 MB');
    expect(sizeText(1630)).toBe('1.6 GB');
    expect(sizeText(0)).toBe('under 1 MB');
    expect(contextText(4096)).toBe('4k');
  });

  it('marks the recommended and downloaded models', () => {
    expect(modelOptionText(qwen, qwen.id)).toBe('Qwen2.5-1.5B-Instruct-q4f16_1 (recommended)');
    expect(modelOptionText({ ...qwen, cached: true }, undefined)).toBe(
      'Qwen2.5-1.5B-Instruct-q4f16_1 (downloaded)'
    );
  });

  it('describes download, GPU memory and context', () => {
    expect(modelDetailText(qwen)).toBe('844 MB download · 1.6 GB of GPU memory · 4k tokens of context');
  });
});
