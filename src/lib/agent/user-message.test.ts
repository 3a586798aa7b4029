import { describe, expect, it } from 'vitest';
import { renderUserMessage } from './user-message';

describe('renderUserMessage', () => {
  it('sends plain text as it is', () => {
    expect(renderUserMessage('Hello')).toBe('Hello');
    expect(renderUserMessage({ text: 'Hello', editOutcomes: [] })).toBe('Hello');
  });

  it('puts the review outcomes before the text', () => {
    const text = renderUserMessage({
      text: 'Now shorten it',
      editOutcomes: [
        { callId: 'c1', tool: 'append_to_note', status: 'accepted' },
        { tool: 'rewrite_paragraph', status: 'stale', summary: 'Pack socks.' }
      ]
    });
    expect(text).toBe(
      '[Review of your proposed edits:\n- append_to_note (call c1): accepted\n' +
        '- rewrite_paragraph "Pack socks.": not applied: the note changed there before the user reviewed it]\n\nNow shorten it'
    );
  });
});
