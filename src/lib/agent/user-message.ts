/**
 * The user message of a turn, carrying the review outcomes of the edits the model proposed before.
 * They go here, not into the system prompt: the system prompt must stay byte-identical for the
 * provider's prompt cache, and the outcomes are events between two turns, so in the history they
 * belong right before the message that follows them, and leave with that turn when it is trimmed.
 */
import type { EditOutcome, UserTurnInput } from './types';

const STATUS: Record<EditOutcome['status'], string> = {
  accepted: 'accepted',
  rejected: 'rejected by the user',
  stale: 'not applied: the note changed there before the user reviewed it'
};

/** The text of the user message for `input`: the review outcomes (if any), then what the user typed. */
export function renderUserMessage(input: string | UserTurnInput): string {
  if (typeof input === 'string') return input;
  const outcomes = input.editOutcomes ?? [];
  if (outcomes.length === 0) return input.text;
  const lines = outcomes.map((outcome) => `- ${describe(outcome)}: ${STATUS[outcome.status]}`);
  return `[Review of your proposed edits:\n${lines.join('\n')}]\n\n${input.text}`;
}

function describe(outcome: EditOutcome): string {
  const summary = outcome.summary ? ` ${JSON.stringify(outcome.summary)}` : '';
  const call = outcome.callId ? ` (call ${outcome.callId})` : '';
  return `${outcome.tool}${summary}${call}`;
}
