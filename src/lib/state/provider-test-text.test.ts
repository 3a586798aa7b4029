import { describe, expect, it } from 'vitest';
import { testResultText } from './provider-test-text';

describe('testResultText', () => {
  it('says a success in plain words with the model, the time and the reply', () => {
    expect(testResultText({ ok: true, model: 'llama3.2', reply: ' OK ', latencyMs: 420 })).toEqual({
      ok: true,
      text: 'Connected: llama3.2 answered in 0.4 s (“OK”). The assistant is ready once you save.'
    });
  });

  it('puts what to do first and the status and server words second', () => {
    const text = testResultText({
      ok: false,
      kind: 'auth',
      status: 401,
      message: 'The server answered 401: Invalid API key provided. Check the API key.'
    });
    expect(text.text).toBe(
      'The server did not accept the API key. Check that it is complete and still valid.'
    );
    expect(text.detail).toBe(
      'HTTP 401. The server answered 401: Invalid API key provided. Check the API key.'
    );
  });

  it('keeps a settings refusal as it is, already in plain words', () => {
    expect(
      testResultText({
        ok: false,
        kind: 'config',
        message: 'Turn on “Allow sending notes to this provider”.'
      })
    ).toEqual({
      ok: false,
      text: 'Turn on “Allow sending notes to this provider”.'
    });
  });

  it('explains an unreachable server without a status', () => {
    const text = testResultText({
      ok: false,
      kind: 'network',
      message: 'Could not reach http://localhost:11434/v1.'
    });
    expect(text.text).toBe('Folio could not reach the server.');
    expect(text.detail).toBe('Could not reach http://localhost:11434/v1.');
  });
});
