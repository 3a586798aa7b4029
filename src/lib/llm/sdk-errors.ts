/**
 * Maps what the official SDKs (openai, @anthropic-ai/sdk) throw to ProviderError. Both SDKs share
 * the same error family (Stainless-generated): APIError with `status` and the parsed body,
 * APIConnectionError / APIConnectionTimeoutError for failures before an answer, APIUserAbortError.
 * The classes come from the lazily imported SDK module (`instanceof`, not names: the openai SDK does
 * not set `name`, and minified bundles rename classes).
 */
import { ProviderError, abortedError, type ProviderErrorKind } from './errors';
import { explainUnreachable } from './endpoint';

type ErrorClass = abstract new (...args: never[]) => Error;

/** The SDK's error classes that need telling apart (both SDKs export these names). */
export interface SdkErrorClasses {
  APIConnectionError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
  APIUserAbortError: ErrorClass;
}

/** Who we were talking to, for the messages, and the SDK whose errors to recognise. */
export interface ErrorContext {
  /** Sentence-initial name, e.g. `The OpenAI-compatible server` or `Anthropic`. */
  label: string;
  baseUrl: string;
  signal?: AbortSignal;
  sdk?: SdkErrorClasses;
}

const is = (error: unknown, type: ErrorClass | undefined) => type !== undefined && error instanceof type;

/** The label inside a sentence: `the OpenAI-compatible server`, `Anthropic`. */
const inner = (label: string) => (label.startsWith('The ') ? `the ${label.slice(4)}` : label);

interface SdkError {
  name?: string;
  message?: string;
  status?: number;
  apiMessage?: string | null;
  error?: { message?: unknown; error?: { message?: unknown } };
}

function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  return 'bad_request';
}

const HINTS: Partial<Record<ProviderErrorKind, string>> = {
  auth: ' Check the API key.',
  not_found: ' Check the base URL and the model name.',
  rate_limit: ' Wait a moment, then retry.',
  server: ' The server had a problem; retry in a moment.'
};

/** The server's own words: OpenAI puts them in error.message, Anthropic in error.error.message. */
export function serverMessage(error: SdkError): string | undefined {
  const candidates = [error.apiMessage, error.error?.message, error.error?.error?.message];
  const found = candidates.find((m) => typeof m === 'string' && m.trim() !== '');
  return found as string | undefined;
}

/** An HTTP error answer as a ProviderError quoting the server. */
export function httpError(
  status: number,
  message: string | undefined,
  ctx: ErrorContext,
  cause?: unknown
): ProviderError {
  const kind = kindForStatus(status);
  const said = message ? `: ${message}` : ' with no explanation';
  return new ProviderError(kind, `${ctx.label} answered ${status}${said}.${HINTS[kind] ?? ''}`, {
    status,
    cause
  });
}

function isAbort(error: SdkError, ctx: ErrorContext): boolean {
  return ctx.signal?.aborted === true || is(error, ctx.sdk?.APIUserAbortError) || error.name === 'AbortError';
}

/** Turns anything an SDK call threw (before the answer streamed) into a ProviderError. */
export function toProviderError(thrown: unknown, ctx: ErrorContext): ProviderError {
  if (thrown instanceof ProviderError) return thrown;
  const error = (thrown ?? {}) as SdkError;
  if (isAbort(error, ctx)) return abortedError();
  if (is(error, ctx.sdk?.APIConnectionTimeoutError)) {
    return new ProviderError('timeout', `${ctx.label} at ${ctx.baseUrl} did not answer in time.`, {
      cause: thrown
    });
  }
  if (is(error, ctx.sdk?.APIConnectionError)) {
    return new ProviderError('network', explainUnreachable(ctx.baseUrl), { cause: thrown });
  }
  if (typeof error.status === 'number') return httpError(error.status, serverMessage(error), ctx, thrown);
  return streamError(thrown, ctx);
}

/**
 * Turns a failure while reading a streamed answer into a ProviderError: a cut connection, an event
 * that is not JSON (the SDKs throw SyntaxError), or an error event the server sent mid-stream.
 */
export function streamError(thrown: unknown, ctx: ErrorContext): ProviderError {
  if (thrown instanceof ProviderError) return thrown;
  const error = (thrown ?? {}) as SdkError;
  if (isAbort(error, ctx)) return abortedError();
  if (error.name === 'SyntaxError') {
    return new ProviderError(
      'protocol',
      `${ctx.label} sent a malformed streamed answer (${error.message}). Retry; if it persists, the server does not speak this protocol.`,
      { cause: thrown }
    );
  }
  const said = serverMessage(error);
  if (said) {
    return new ProviderError(
      'server',
      `${ctx.label} reported an error mid-answer: ${said ?? error.message}`,
      { cause: thrown }
    );
  }
  return new ProviderError(
    'network',
    `The connection to ${inner(ctx.label)} closed before the answer was complete (${error.message ?? String(thrown)}). Retry.`,
    { cause: thrown }
  );
}

/** The error for a stream that ended cleanly but without the protocol's final event. */
export function incompleteError(ctx: ErrorContext): ProviderError {
  return new ProviderError(
    'network',
    `The connection to ${inner(ctx.label)} ended before the model finished its answer. Retry.`
  );
}

/**
 * Reads an answer that came back as one body instead of a stream: JSON is returned; an HTML page or
 * other text (a wrong base URL often lands on a web app) and a 200 carrying `{error}` become errors.
 */
export async function readJsonAnswer(response: Response, ctx: ErrorContext): Promise<unknown> {
  const type = response.headers.get('content-type') ?? 'no content type';
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const what = type.split(';')[0];
    return Promise.reject(
      new ProviderError(
        'protocol',
        `${ctx.label} at ${ctx.baseUrl} answered with ${what}, not a model's answer. Check the base URL (for OpenAI-compatible servers it usually ends in /v1).`
      )
    );
  }
  const said = serverMessage({ error: (body as { error?: SdkError['error'] }).error });
  if ((body as { error?: unknown }).error !== undefined) {
    throw new ProviderError(
      'server',
      `${ctx.label} reported an error: ${said ?? JSON.stringify((body as { error: unknown }).error)}`
    );
  }
  return body;
}
