/** The workspace tool registry and the built-in tools. */
export { createToolRegistry } from './registry';
export { reservedLookalike, foldName } from './tool-names';
export type { ToolRegistry } from './registry';
export { bindToolSwitches } from './tool-switches';
export { builtinTools, registerBuiltinTools } from './builtin';
export { NO_EMBEDDER_MESSAGE, semanticSearchDescription } from './builtin/semantic-search-notes';
export type { SemanticKind } from './builtin/semantic-search-notes';
export { editedBody } from './builtin/update-note';
export type {
  JsonSchema,
  ToolAnnotations,
  ToolCallSource,
  ToolContext,
  ToolResult,
  ToolInfo,
  ToolHandle
} from './types';
