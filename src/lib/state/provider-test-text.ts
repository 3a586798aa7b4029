/**
 * The Settings `Test` result in plain words: first what it means for the user and what to do,
 * then the technical detail (HTTP status and the server's own message) for whoever needs it.
 */
import type { ConnectionResult } from '$lib/llm';

/** A test outcome as the form shows it. */
export interface TestResultText {
  ok: boolean;
  /** What happened, in plain words. */
  text: string;
  /** The technical detail: the status and the exact message. */
  detail?: string;
}

const HEADLINES: Record<string, string> = {
  auth: 'The server did not accept the API key. Check that it is complete and still valid.',
  not_found:
    'The server was reached, but it does not know this model or this address. Check the Model name and the Base URL.',
  bad_request: 'The server refused the request. The Model name may be wrong.',
  rate_limit: 'The server is busy, or the account’s limit is reached. Wait a moment and test again.',
  server: 'The server had a problem answering. Test again in a moment.',
  timeout: 'The server did not answer in time. Check that it is running, then test again.',
  network: 'Folio could not reach the server.',
  protocol:
    'Something answered, but not like a chat model does. Check the Base URL (for most servers it ends in /v1).'
};

/** Seconds for people: "0.4 s", "12 s". */
function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** The words for a connection test's result. */
export function testResultText(result: ConnectionResult): TestResultText {
  if (result.ok) {
    const reply = result.reply.trim();
    return {
      ok: true,
      text: `Connected: ${result.model} answered in ${seconds(result.latencyMs)}${reply ? ` (“${reply}”)` : ''}. The assistant is ready once you save.`
    };
  }
  const headline = HEADLINES[result.kind];
  // Settings problems (a remote server without the opt-in) are already said in plain words.
  if (!headline) return { ok: false, text: result.message };
  return {
    ok: false,
    text: headline,
    detail: `${result.status ? `HTTP ${result.status}. ` : ''}${result.message}`
  };
}
