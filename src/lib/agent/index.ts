export { createAgent, splitTurns, MAX_STEPS, DEFAULT_CONTEXT_TOKENS } from './agent';
export type { Agent, AgentOptions } from './agent';
export { AgentError } from './errors';
export type { AgentFailure } from './errors';
export { buildToolList, toolSpecs } from './tool-list';
export { buildSystemPrompt, excerpt } from './system-prompt';
export type { SystemPromptOptions } from './system-prompt';
export { MARKDOWN_RULES } from './markdown-rules';
export {
  EDIT_SELECTION,
  REWRITE_PARAGRAPH,
  INSERT_BEFORE_ANCHOR,
  INSERT_AFTER_ANCHOR,
  APPEND_TO_NOTE,
  ANCHOR_TOOLS,
  SESSION_TOOL_NAMES,
  replaceStructuredBlock
} from './session-tool-defs';
export type { SessionToolName } from './session-tool-defs';
export { fencedBlockTags } from './structured-blocks';
export { dispatchToolCall, errorResult, resultText } from './dispatch';
export type { DispatchContext } from './dispatch';
export { fitToContext, shorten, MIN_RESULT_CHARS } from './trim';
export { renderUserMessage } from './user-message';
export type {
  NoteContext,
  FocusedNote,
  NoteSelection,
  ToolTier,
  PluginSource,
  TurnTool,
  WorkspaceToolInfo,
  WorkspaceToolHost,
  SessionToolHost,
  ToolTranscriptEntry,
  SessionEdit,
  EditOutcome,
  UserTurnInput,
  TrimInfo,
  TurnHooks,
  TurnResult
} from './types';
export { selectTurnTools, pluginToolTokenBudget, relevanceWords, definitionTokens, MAX_TURN_TOOLS } from './turn-tools';
export type { TurnToolBudget, TurnToolSelection } from './turn-tools';
export { framePluginDescription, framePluginOutput, frameToolDescriptions, cleanPluginName, PLUGIN_PROMPT_RULE } from './provenance';
export { destructiveAction, declinedText } from './consent';
export type { ConsentRequest, ConsentHook } from './types';
