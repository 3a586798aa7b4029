/**
 * The Markdown dialect the model must write, as the app's system prompt teaches it (reference.md,
 * "The Markdown rules its system prompt teaches the model"). Kept short: it is sent on every call.
 */

/** The Markdown rules section of the system prompt. */
export const MARKDOWN_RULES = `Markdown: CommonMark plus
- task lists \`- [ ]\`, \`- [x]\`;
- note links \`[title](:/NOTE_ID)\`, attachments \`![alt](:/RESOURCE_ID)\`: only ids from tools, never invented;
- math \`$…$\`, \`$$…$$\` (KaTeX, mhchem);
- fenced \`mermaid\` (diagrams), \`abc\` (music), \`fountain\` (screenplays), \`jsoncanvas\` (JSON Canvas 1.0 whiteboards: keep the block and its JSON valid);
- HTML only where Markdown has no equivalent.`;
