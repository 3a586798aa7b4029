/**
 * The per-turn tool list: which tools the model may call, decided by the note context alone (spec:
 * "How the model chooses which tool to call"). Selection scope is enforced here, by what is offered,
 * and again by the dispatcher, which refuses anything not in this list.
 */
import {
  ANCHOR_TOOLS,
  EDIT_SELECTION,
  SESSION_TOOL_NAMES,
  replaceStructuredBlock
} from './session-tool-defs';
import { modelFacingSchema } from './model-schema';
import { fencedBlockTags } from './structured-blocks';
import type { NoteContext, ToolSpec, TurnTool, WorkspaceToolInfo } from './types';

/**
 * The tools of one turn: the enabled workspace tools, then the session tools the context allows.
 * - no note: workspace tools only;
 * - note, no selection: plus the anchor and append tools, and `replace_structured_block` when the
 *   note has a fenced block with an info string;
 * - note with a selection: plus `edit_selection` only.
 * Pure: the same context and workspace list give an equal list. Workspace tools come first so the
 * part of the request a provider caches stays the same when the context changes.
 */
export function buildToolList(context: NoteContext, workspace: readonly WorkspaceToolInfo[]): TurnTool[] {
  const tools: TurnTool[] = workspace
    // A registry tool may never shadow a session tool: the session one is the editor's.
    .filter((tool) => tool.enabled !== false && !SESSION_TOOL_NAMES.has(tool.id))
    .map((tool): TurnTool => ({
      name: tool.id,
      description: tool.description,
      inputSchema: tool.inputSchema,
      tier: 'workspace',
      ...(tool.writesNote ? { writesNote: tool.writesNote } : {}),
      ...(tool.plugin
        ? { plugin: { pluginId: tool.plugin.pluginId, pluginName: tool.plugin.pluginName } }
        : {})
    }));
  for (const spec of sessionTools(context)) tools.push({ ...spec, tier: 'session' });
  return tools;
}

function sessionTools(context: NoteContext): ToolSpec[] {
  if (!context.note) return [];
  if (context.selection) return [EDIT_SELECTION];
  const tags = context.structuredBlockTags ?? fencedBlockTags(context.note.body);
  return tags.length > 0 ? [...ANCHOR_TOOLS, replaceStructuredBlock(tags)] : [...ANCHOR_TOOLS];
}

/** The list as providers take it: name, description and the model-facing schema (model-schema.ts). */
export function toolSpecs(tools: readonly TurnTool[]): ToolSpec[] {
  return tools.map(({ name, description, inputSchema }) => ({
    name,
    description,
    inputSchema: modelFacingSchema(inputSchema)
  }));
}
