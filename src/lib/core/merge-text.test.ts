import { describe, expect, it } from 'vitest';
import { seededRandom } from '$lib/editor/markdown-edit.test-helpers';
import { changedRange, lineEdits, locateLines, mergeText, spliceLines, splitLines } from './merge-text';

const base = ['# Packing list', '', '- tent', '- stove', '', 'Leave on Friday.', '', 'Call Sam.'].join('\n');

/** `text` with line `index` replaced by `lines` (none: deleted). */
function withLines(text: string, index: number, count: number, ...lines: string[]): string {
  return spliceLines(splitLines(text), index, count, lines);
}

describe('mergeText', () => {
  it('takes the only side that changed', () => {
    const mine = withLines(base, 2, 1, '- tent (big)');
    expect(mergeText(base, mine, base)).toEqual({ text: mine, conflicts: [] });
    expect(mergeText(base, base, mine)).toEqual({ text: mine, conflicts: [] });
    expect(mergeText(base, mine, mine)).toEqual({ text: mine, conflicts: [] });
  });

  it('merges changes to different blocks', () => {
    const mine = withLines(base, 2, 1, '- tent (big)');
    const theirs = withLines(base, 5, 1, 'Leave on Saturday.');
    const merged = mergeText(base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.text).toBe(withLines(mine, 5, 1, 'Leave on Saturday.'));
  });

  it('merges an edit of a block with an insertion right after it (the append while typing)', () => {
    const mine = withLines(base, 7, 1, 'Call Sam about the car.');
    const theirs = `${base}\n\n- socks`;
    const merged = mergeText(base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.text).toBe(`${mine}\n\n- socks`);
  });

  it('keeps both insertions at the same place, mine first', () => {
    const mine = withLines(base, 4, 0, '- torch');
    const theirs = withLines(base, 4, 0, '- socks');
    const merged = mergeText(base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.text).toBe(withLines(base, 4, 0, '- torch', '- socks'));
  });

  it('makes one copy of the same change made on both sides', () => {
    const both = withLines(base, 3, 1, '- stove and gas');
    const mine = withLines(both, 0, 1, '# Packing');
    const theirs = withLines(both, 7, 1, 'Call Sam today.');
    const merged = mergeText(base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.text).toBe(withLines(mine, 7, 1, 'Call Sam today.'));
  });

  it('reports both changing the same line as a conflict, holding mine in its place', () => {
    const mine = withLines(base, 5, 1, 'Leave on Friday at noon.');
    const theirs = withLines(base, 5, 1, 'Leave on Thursday.');
    const merged = mergeText(base, mine, theirs);
    expect(merged.text).toBe(mine);
    expect(merged.conflicts).toEqual([
      {
        at: 5,
        base: ['Leave on Friday.'],
        mine: ['Leave on Friday at noon.'],
        theirs: ['Leave on Thursday.']
      }
    ]);
  });

  it('merges the rest of the note around a conflict', () => {
    const mine = withLines(withLines(base, 5, 1, 'Leave at noon.'), 0, 1, '# Trip');
    const theirs = withLines(withLines(base, 5, 1, 'Leave on Thursday.'), 7, 1, 'Call Sam and Kim.');
    const merged = mergeText(base, mine, theirs);
    expect(merged.conflicts).toHaveLength(1);
    expect(merged.text).toBe(withLines(mine, 7, 1, 'Call Sam and Kim.'));
    expect(splitLines(merged.text)[merged.conflicts[0].at]).toBe('Leave at noon.');
  });

  it('reports a deletion on one side against an edit on the other as a conflict', () => {
    const mine = withLines(base, 3, 1);
    const theirs = withLines(base, 3, 1, '- stove and gas');
    const merged = mergeText(base, mine, theirs);
    expect(merged.text).toBe(mine);
    expect(merged.conflicts).toEqual([{ at: 3, base: ['- stove'], mine: [], theirs: ['- stove and gas'] }]);
  });

  it('merges a deletion with an edit elsewhere', () => {
    const mine = withLines(base, 7, 1);
    const theirs = withLines(base, 2, 1, '- tent (big)');
    expect(mergeText(base, mine, theirs)).toEqual({
      text: withLines(mine, 2, 1, '- tent (big)'),
      conflicts: []
    });
  });

  it('keeps moved text and the other side’s edit of it, as a conflict where the text was', () => {
    // Mine moves "Call Sam." to the top; theirs edits it where it was.
    const mine = withLines(withLines(base, 6, 2), 0, 0, 'Call Sam.', '');
    const theirs = withLines(base, 7, 1, 'Call Sam on Thursday.');
    const merged = mergeText(base, mine, theirs);
    expect(merged.text.startsWith('Call Sam.\n')).toBe(true);
    expect(merged.conflicts).toHaveLength(1);
    expect(merged.conflicts[0].theirs.join('\n')).toContain('Call Sam on Thursday.');
    const keptBoth = spliceLines(
      splitLines(merged.text),
      merged.conflicts[0].at,
      merged.conflicts[0].mine.length,
      [...merged.conflicts[0].mine, ...merged.conflicts[0].theirs]
    );
    expect(keptBoth).toContain('Call Sam.');
    expect(keptBoth).toContain('Call Sam on Thursday.');
  });

  it('merges text moved on one side when the other side changed something else', () => {
    const mine = withLines(withLines(base, 6, 2), 0, 0, 'Call Sam.', '');
    const theirs = withLines(base, 2, 1, '- tent (big)');
    const merged = mergeText(base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.text).toBe(withLines(mine, 4, 1, '- tent (big)'));
  });

  it('merges random edits of different lines, and never loses a line either side wrote', () => {
    const next = seededRandom(11);
    const words = ['socks', 'tent', 'map', 'torch', 'boots', 'hat', 'snacks', 'rope'];
    const pick = () => words[Math.floor(next() * words.length)];
    for (let round = 0; round < 400; round++) {
      const lines = Array.from({ length: 3 + Math.floor(next() * 12) }, (_, i) =>
        round % 2 && next() < 0.2 ? '' : `- ${pick()} ${i}`
      );
      const original = lines.join('\n');
      // Each side edits its own set of lines (even indices for mine, odd for theirs), so nothing overlaps.
      const edit = (parity: number, tag: string) =>
        lines
          .flatMap((line, i) => {
            if (i % 2 !== parity || next() < 0.5) return [line];
            const roll = next();
            if (roll < 0.4) return [`${line} ${tag}`];
            if (roll < 0.6) return [];
            return [line, `- ${pick()} ${tag}${i}`];
          })
          .join('\n');
      const mine = edit(0, 'mine');
      const theirs = edit(1, 'theirs');
      const merged = mergeText(original, mine, theirs);
      const context = JSON.stringify({ original, mine, theirs });
      // Edits of different lines never conflict, even where they touch. (With blank lines the
      // diff may align an edit with either of two identical lines; then a conflict is fair.)
      if (!lines.includes('')) expect(merged.conflicts, context).toEqual([]);
      // Lines written by either side survive (in the text, or in a conflict's theirs).
      const kept = [merged.text, ...merged.conflicts.map((c) => c.theirs.join('\n'))].join('\n');
      for (const line of [...splitLines(mine), ...splitLines(theirs)].filter((l) => /mine|theirs/.test(l))) {
        expect(kept.split('\n'), context).toContain(line);
      }
      // Swapping sides gives the same lines (only the order of same-place insertions may differ).
      const swapped = mergeText(original, theirs, mine);
      expect(swapped.conflicts.length, context).toBe(merged.conflicts.length);
      if (!merged.conflicts.length)
        expect([...splitLines(swapped.text)].sort(), context).toEqual([...splitLines(merged.text)].sort());
      // Merging with an unchanged side is that side.
      expect(mergeText(original, mine, original).text).toBe(mine);
      expect(mergeText(original, original, theirs).text).toBe(theirs);
    }
  });

  it('merges without conflict whenever the two sides’ edits are a line apart', () => {
    const next = seededRandom(7);
    for (let round = 0; round < 300; round++) {
      const lines = Array.from({ length: 6 + Math.floor(next() * 10) }, (_, i) => `line ${i}`);
      const original = lines.join('\n');
      const i = Math.floor(next() * (lines.length - 2));
      const j = i + 2 + Math.floor(next() * (lines.length - i - 2));
      const mine = withLines(original, i, 1, `line ${i} (mine)`);
      const theirs = withLines(original, j, 1, `line ${j} (theirs)`);
      const merged = mergeText(original, mine, theirs);
      expect(merged.conflicts, JSON.stringify({ i, j })).toEqual([]);
      expect(merged.text).toBe(withLines(mine, j, 1, `line ${j} (theirs)`));
    }
  });
});

describe('locateLines', () => {
  const lines = ['a', 'x', 'b', 'a', 'x', 'c'];
  it('finds lines after the line above them, nearest to where they were', () => {
    expect(locateLines(lines, ['x'], 'a', 0)).toBe(1);
    expect(locateLines(lines, ['x'], 'a', 5)).toBe(4);
    expect(locateLines(lines, ['a'], null, 3)).toBe(0);
  });
  it('finds the place of an empty side by the line above it', () => {
    expect(locateLines(lines, [], 'b', 0)).toBe(3);
  });
  it('answers -1 when the lines are gone', () => {
    expect(locateLines(lines, ['y'], 'a', 0)).toBe(-1);
  });
});

describe('changedRange', () => {
  it('gives the one range that differs', () => {
    expect(changedRange('hello world', 'hello big world')).toEqual({ from: 6, to: 6, insert: 'big ' });
    expect(changedRange('aaa', 'aa')).toEqual({ from: 2, to: 3, insert: '' });
    expect(changedRange('same', 'same')).toBeNull();
  });
});

describe('lineEdits', () => {
  it('gives one edit per changed place, which rebuild the new text', () => {
    const before = 'a\nb\nc\nd\ne';
    const after = 'a\nB\nc\nd\ne\nf';
    const edits = lineEdits(before, after);
    expect(edits).toHaveLength(2);
    let text = before;
    for (const e of [...edits].reverse()) text = text.slice(0, e.from) + e.insert + text.slice(e.to);
    expect(text).toBe(after);
  });

  it('rebuilds random texts exactly', () => {
    const next = seededRandom(3);
    const pieces = ['x', 'y\n', '\n', '\n\n', 'zz'];
    for (let round = 0; round < 300; round++) {
      const make = () =>
        Array.from(
          { length: Math.floor(next() * 12) },
          () => pieces[Math.floor(next() * pieces.length)]
        ).join('');
      const before = make();
      const after = make();
      let text = before;
      for (const e of [...lineEdits(before, after)].reverse())
        text = text.slice(0, e.from) + e.insert + text.slice(e.to);
      expect(text, JSON.stringify({ before, after })).toBe(after);
    }
  });
});

describe('lineEdits at the end of a text', () => {
  it('appends after the last line without rewriting it', () => {
    expect(lineEdits('- tent (big)', '- tent (big)\n\nRemember the socks.')).toEqual([
      { from: 12, to: 12, insert: '\n\nRemember the socks.' }
    ]);
  });
});
