/**
 * What one plugin may send, counted on the JSON that really goes on (to the model, the transcript,
 * IndexedDB), after expansion of shared references (payload-size.ts); RenderSpecs have their own
 * totals (RENDER_LIMITS in render-spec.ts). Each limit is far above what
 * an honest plugin needs and far below what would slow the app or break a model request.
 */

/** Tools one plugin may register (a model request carries at most 128 in all). */
export const MAX_TOOLS_PER_PLUGIN = 32;
/** JSON characters of one tool's definition (description and input schema) as the model gets it. */
export const MAX_TOOL_DEFINITION_CHARS = 50_000;
/** JSON characters of all of one plugin's tool definitions together. */
export const MAX_PLUGIN_DEFINITIONS_CHARS = 200_000;
/** JSON characters of a data call's input (a note body is at most 5 MB). */
export const MAX_DATA_INPUT_CHARS = 6_000_000;
