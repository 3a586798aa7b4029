/**
 * The Markdown dialect the model must write, as the app's system prompt teaches it (reference.md,
 * "The Markdown rules its system prompt teaches the model"). Kept short: it is sent on every call.
 */

/** The Markdown rules section of the system prompt. */
export const MARKDOWN_RULES = `Notes are Markdown: CommonMark plus
- checkboxes: \`- [ ] to do\`, \`- [x] done\`;
- note links \`[Title](:/NOTE_ID)\` and attachments \`![alt](:/RESOURCE_ID)\`: only ids a tool gave you, never invented ones;
- math: \`$…$\` inline, \`$$…$$\` display (KaTeX, mhchem \`\\ce{…}\`);
- fenced blocks: \`mermaid\` diagrams, \`abc\` music, \`fountain\` screenplays;
- whiteboards: a \`jsoncanvas\` fenced block holding JSON Canvas 1.0; keep the block and its JSON valid;
- HTML only where Markdown has no equivalent.`;
