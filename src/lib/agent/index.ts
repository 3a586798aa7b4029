export { createAgent } from './agent';
export type { Agent } from './agent';
export { AgentError } from './errors';
export type { AgentFailure } from './errors';
export { buildToolList, toolSpecs } from './tool-list';
export { buildSystemPrompt } from './system-prompt';
export {
  EDIT_SELECTION,
  ANCHOR_TOOLS,
  SESSION_TOOL_NAMES,
  replaceStructuredBlock
} from './session-tool-defs';
export type {
  NoteContext,
  WorkspaceToolHost,
  SessionToolHost,
  ToolTranscriptEntry,
  SessionEdit,
  EditOutcome,
  UserTurnInput,
  TrimInfo,
  TurnResult
} from './types';
export type { ConsentRequest } from './types';
