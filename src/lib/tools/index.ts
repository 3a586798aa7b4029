/** The workspace tool registry and the built-in tools. */
export { createToolRegistry } from './registry';
export { toolIdSkeleton, reservedLookalike, foldName } from './tool-names';
export type { ToolRegistry } from './registry';
export { serializePayload, successResult, errorResult, failureMessage } from './result';
export { bindToolSwitches, loadToolSwitches, TOOL_SWITCHES_KEY } from './tool-switches';
export type { ToolSwitchBinding } from './tool-switches';
export { builtinTools, registerBuiltinTools } from './builtin';
export { NO_EMBEDDER_MESSAGE, semanticSearchDescription } from './builtin/semantic-search-notes';
export type { SemanticKind } from './builtin/semantic-search-notes';
export { DEFAULT_SEARCH_LIMIT } from './builtin/search-notes';
export { DEFAULT_READ_CHARS } from './builtin/read-note';
export { editedBody } from './builtin/update-note';
export {
  MAX_QUERY_CHARS,
  MAX_TITLE_CHARS,
  MAX_BODY_CHARS,
  MAX_TAG_CHARS,
  MAX_TAGS_PER_CALL
} from './builtin/common';
export type {
  JsonSchema,
  ToolAnnotations,
  ToolProvenance,
  ToolCallSource,
  FullTextHit,
  FullTextSearch,
  SemanticHit,
  SemanticSearch,
  SemanticSearchOptions,
  ToolContext,
  ToolDefinition,
  TextContent,
  ToolResult,
  ToolInfo,
  ToolHandle,
  ToolRegistryChange,
  ToolListFilter
} from './types';
