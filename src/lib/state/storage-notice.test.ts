import { describe, expect, it } from 'vitest';
import { storageAdvice, storageNoticeShown } from './storage-notice.svelte';

describe('storageNoticeShown', () => {
  const base = { persistence: 'denied', dismissed: false, hasNotes: true };

  it('shows when the browser refused and there are notes to lose', () => {
    expect(storageNoticeShown(base)).toBe(true);
  });

  it('stays hidden before the first note', () => {
    expect(storageNoticeShown({ ...base, hasNotes: false })).toBe(false);
  });

  it('stays hidden once dismissed', () => {
    expect(storageNoticeShown({ ...base, dismissed: true })).toBe(false);
  });

  it('stays hidden when storage is persistent, unsupported or not known yet', () => {
    for (const persistence of ['granted', 'unsupported', 'unknown'])
      expect(storageNoticeShown({ ...base, persistence })).toBe(false);
  });
});

describe('storageAdvice', () => {
  it('offers the install prompt when the browser gave one', () => {
    expect(storageAdvice({ installed: false, canPrompt: true })).toBe('install-prompt');
  });

  it('points to the browser menu when it did not', () => {
    expect(storageAdvice({ installed: false, canPrompt: false })).toBe('install-from-menu');
  });

  it('suggests only a backup to an installed app', () => {
    expect(storageAdvice({ installed: true, canPrompt: false })).toBe('backup-only');
  });
});
