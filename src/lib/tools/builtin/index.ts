/** The ten built-in workspace tools (spec: tier 2), in the order they are listed to a model. */
import type { ToolRegistry } from '../registry';
import type { ToolDefinition, ToolHandle } from '../types';
import { createNoteTool } from './create-note';
import { createNotebookTool } from './create-notebook';
import { deleteNoteTool } from './delete-note';
import { listNotebooksTool } from './list-notebooks';
import { listTagsTool } from './list-tags';
import { manageTagsTool } from './manage-tags';
import { readNoteTool } from './read-note';
import { searchNotesTool } from './search-notes';
import { semanticSearchNotesTool } from './semantic-search-notes';
import { updateNoteTool } from './update-note';

/** The built-in tool definitions: read tools first, then write tools. */
export function builtinTools(): ToolDefinition[] {
  return [
    searchNotesTool,
    semanticSearchNotesTool,
    readNoteTool,
    listNotebooksTool,
    listTagsTool,
    createNoteTool,
    updateNoteTool,
    deleteNoteTool,
    manageTagsTool,
    createNotebookTool
  ];
}

/** Registers every built-in tool (all switched on); returns their handles by id. */
export function registerBuiltinTools(registry: ToolRegistry): Map<string, ToolHandle> {
  return new Map(builtinTools().map((tool) => [tool.id, registry.register(tool)]));
}
