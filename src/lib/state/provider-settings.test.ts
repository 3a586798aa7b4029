import { afterEach, describe, expect, it } from 'vitest';
import type { FolioDatabase } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import {
  DEFAULT_PROVIDER_SETTINGS,
  isRemote,
  loadProviderSettings,
  missingSetting,
  saveProviderSettings,
  toProviderConfig,
  type ProviderSettings
} from './provider-settings';

let db: FolioDatabase | undefined;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

const settings = (patch: Partial<ProviderSettings>): ProviderSettings => ({
  ...DEFAULT_PROVIDER_SETTINGS,
  model: 'm',
  ...patch
});

describe('provider settings', () => {
  it('loads the defaults before anything is saved', async () => {
    db = freshDb();
    expect(await loadProviderSettings(db)).toEqual(DEFAULT_PROVIDER_SETTINGS);
  });

  it('loads what was saved', async () => {
    db = freshDb();
    const saved = settings({
      kind: 'anthropic',
      apiKey: 'sk-ant',
      baseUrl: 'https://api.anthropic.com',
      allowRemote: true
    });
    await saveProviderSettings(db, saved);
    expect(await loadProviderSettings(db)).toEqual(saved);
  });

  it('counts a loopback server as local and any other host as remote', () => {
    expect(isRemote(settings({ baseUrl: 'http://127.0.0.1:8080/v1' }))).toBe(false);
    expect(isRemote(settings({ baseUrl: 'https://openrouter.ai/api/v1' }))).toBe(true);
    expect(isRemote(settings({ kind: 'webllm' }))).toBe(false);
  });

  it('asks for the opt-in before a remote provider can be used', () => {
    expect(missingSetting(settings({ baseUrl: 'https://openrouter.ai/api/v1' }))).toMatch(
      /allow sending notes/
    );
    expect(
      missingSetting(settings({ baseUrl: 'https://openrouter.ai/api/v1', allowRemote: true }))
    ).toBeUndefined();
  });

  it('asks for a model first', () => {
    expect(missingSetting(settings({ model: ' ' }))).toMatch(/model/);
  });

  it('leaves an empty API key out of an OpenAI-compatible config', () => {
    expect(toProviderConfig(settings({ baseUrl: ' http://localhost:1234/v1 ' }))).toEqual({
      kind: 'openai-compatible',
      model: 'm',
      baseUrl: 'http://localhost:1234/v1'
    });
  });
});
