import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, excerpt } from './system-prompt';
import { MARKDOWN_RULES } from './markdown-rules';

const today = new Date('2026-11-30T23:59:00Z');
const options = { today, bodyBudgetChars: 1000, canReadNote: true };
const note = { id: 'd'.repeat(32), title: 'Packing', body: '# Packing\n\n- [ ] socks\n' };

describe('buildSystemPrompt', () => {
  it("frames the app, the Markdown rules and today's date", () => {
    const prompt = buildSystemPrompt({}, options);
    expect(prompt).toContain('Folio');
    expect(prompt).toContain(MARKDOWN_RULES);
    expect(prompt).toContain('Today is 2026-11-30.');
    expect(prompt).toContain('No note is open');
  });

  it("holds the open note's title, id and body", () => {
    const prompt = buildSystemPrompt({ note }, options);
    expect(prompt).toContain(`"Packing" (id ${note.id})`);
    expect(prompt).toContain(`<note>\n${note.body}\n</note>`);
    expect(prompt).not.toContain('continues');
  });

  it('says an empty note is empty instead of quoting nothing', () => {
    const prompt = buildSystemPrompt({ note: { ...note, body: '\n' } }, options);
    expect(prompt).toContain(`(id ${note.id}). It is empty.`);
    expect(prompt).not.toContain('<note>');
  });

  it('holds the selection instead of the body, with the rule to scope edits to it', () => {
    const prompt = buildSystemPrompt({ note, selection: { from: 12, to: 21, text: '- [ ] socks' } }, options);
    expect(prompt).toContain('<selection>\n- [ ] socks\n</selection>');
    expect(prompt).toContain('Scope your work to the selection');
    expect(prompt).not.toContain('<note>');
  });

  it('cuts a long note at the budget and points at read_note for the rest', () => {
    const body = 'line of text\n'.repeat(200);
    const prompt = buildSystemPrompt({ note: { ...note, body } }, { ...options, bodyBudgetChars: 500 });
    const shown = excerpt(body, 500).shown;
    expect(prompt).toContain(`${body.length - shown} more characters of ${body.length} not shown`);
    expect(prompt).toContain(`read_note {"id": "${note.id}", "offset": ${shown}}`);
    expect(prompt.length).toBeLessThan(3000);
  });

  it('says the note continues without naming read_note when it is not offered', () => {
    const body = 'x'.repeat(2000);
    const prompt = buildSystemPrompt(
      { note: { ...note, body } },
      { ...options, bodyBudgetChars: 500, canReadNote: false }
    );
    expect(prompt).toContain('1500 more characters of 2000 not shown.]');
    expect(prompt).not.toContain('read_note');
  });

  it('gives the same bytes for the same context and day', () => {
    const later = { ...options, today: new Date('2026-11-30T08:00:00Z') };
    expect(buildSystemPrompt({ note }, options)).toBe(buildSystemPrompt({ note }, later));
  });
});

describe('excerpt', () => {
  it('cuts at a line break near the end of the budget', () => {
    expect(excerpt('aaaa\nbbbbbbbbbb', 8)).toEqual({ text: 'aaaa\nbbb', shown: 8 });
    expect(excerpt('aaaaaaa\nbbbbbbbbbb', 8)).toEqual({ text: 'aaaaaaa', shown: 7 });
  });

  it('never splits a surrogate pair', () => {
    expect(excerpt('ab😀cd', 3)).toEqual({ text: 'ab', shown: 2 });
  });

  it('returns a short text whole', () => {
    expect(excerpt('short', 10)).toEqual({ text: 'short', shown: 5 });
  });
});
