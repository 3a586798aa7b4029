/**
 * How a turn fails: stopped by the user, out of steps, or the model call failed. The error carries
 * the turn as far as it got, so the chat keeps the transcript (and the edits already proposed, which
 * sit in the review queue) instead of losing them with the error.
 */
import { AppError, type AppErrorCode } from '$lib/core';
import type { TurnResult } from './types';

/** Why a turn ended without a reply. */
export type AgentFailure = 'aborted' | 'max_steps' | 'model';

/** A turn that ended without a reply; `partial` is the turn up to that point. */
export class AgentError extends AppError {
  readonly reason: AgentFailure;
  readonly partial: TurnResult;

  constructor(reason: AgentFailure, message: string, partial: TurnResult, options: { cause?: unknown } = {}) {
    super(codeFor(reason, options.cause), message, options);
    this.name = 'AgentError';
    this.reason = reason;
    this.partial = partial;
  }
}

function codeFor(reason: AgentFailure, cause: unknown): AppErrorCode {
  if (reason === 'aborted') return 'aborted';
  if (reason === 'model' && cause instanceof AppError) return cause.code;
  return 'internal';
}
