import { describe, expect, it } from 'vitest';
import { insertAfterAnchor, rewriteParagraph } from './resolve';

describe('anchor lookup', () => {
  it('finds an anchor where it is now after the note changed around it', () => {
    const note = 'First.\n\nThe anchor here.\n';
    const before = insertAfterAnchor(note, 'anchor here.', 'New.', 0);
    const after = insertAfterAnchor(`Added above.\n\n${note}`, 'anchor here.', 'New.', 0);
    expect(before).toMatchObject({ ok: true, edit: { from: 24, to: 24 } });
    expect(after).toMatchObject({ ok: true, edit: { from: 38, to: 38 } });
  });

  it('picks the occurrence nearest the cursor again when the cursor moved', () => {
    const note = 'Same words.\n\nOther.\n\nSame words.\n';
    const nearStart = rewriteParagraph(note, 'Same words.', 'X', 0);
    const nearEnd = rewriteParagraph(note, 'Same words.', 'X', note.length);
    expect(nearStart).toMatchObject({ ok: true, edit: { from: 0, to: 11 } });
    expect(nearEnd).toMatchObject({ ok: true, edit: { from: 21, to: 32 } });
  });

  it('refuses an anchor the note no longer holds', () => {
    expect(insertAfterAnchor('Gone soon.\n', 'soon', 'x', 0)).toMatchObject({ ok: true });
    expect(insertAfterAnchor('Gone.\n', 'soon', 'x', 0)).toMatchObject({ ok: false });
  });
});
