/*
 * The syntax Obsidian and Joplin notes use beyond CommonMark + GFM, as markdown-it rules:
 *
 * - footnotes (markdown-it-footnote): `[^label]` references and `[^label]: text` definitions.
 *   The plugin gathers definitions at the end of the token stream (for HTML output); the editor
 *   keeps each definition where it was written, so that rule (`footnote_tail`) is off and the
 *   definition's lines are recorded on its token (`map`), as other blocks have them. References
 *   are read whether or not the note defines the label yet, so a block reads the same on its own
 *   as in the whole note (the editor re-parses edited blocks alone). Inline `^[…]` footnotes stay
 *   text, kept verbatim.
 * - definition lists (markdown-it-deflist): `Term` then `: definition`.
 * - highlights (markdown-it-mark): `==text==`.
 * - wiki links and embeds, `[[Note]]`, `[[Note|alias]]`, `![[picture.png]]`: no markdown-it
 *   plugin keeps their text, so a small inline rule of our own turns them into one token holding
 *   the exact source, which the editor shows as a chip and writes back byte for byte.
 */
import type MarkdownIt from 'markdown-it';
import type { RuleBlock } from 'markdown-it/lib/parser_block.mjs';
import type { RuleInline } from 'markdown-it/lib/parser_inline.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import footnote from 'markdown-it-footnote';
import deflist from 'markdown-it-deflist';
import mark from 'markdown-it-mark';

type Rules = { __rules__: { name: string; fn: unknown }[] };

function ruleFn<T>(ruler: unknown, name: string): T {
  const rule = (ruler as Rules).__rules__.find((r) => r.name === name);
  if (!rule) throw new TypeError(`markdown-it has no rule named ${name}`);
  return rule.fn as T;
}

/**
 * The footnote definition rule, recording the lines the definition spans on its open token and
 * marking its tokens as block tokens (the plugin builds them without `state.push`, which would).
 */
function mappedFootnoteDef(rule: RuleBlock): RuleBlock {
  return (state, startLine, endLine, silent) => {
    const count = state.tokens.length;
    if (!rule(state, startLine, endLine, silent)) return false;
    if (silent) return true;
    const open = state.tokens[count];
    const close = state.tokens[state.tokens.length - 1];
    open.map = [startLine, state.line];
    open.block = close.block = true;
    return true;
  };
}

const FOOTNOTE_REF = /^\[\^([^\]\s]+)\]/;

/** The footnote reference rule, told about every label it meets (see the module comment). */
function anyFootnoteRef(rule: RuleInline): RuleInline {
  return (state: StateInline, silent) => {
    const match = FOOTNOTE_REF.exec(state.src.slice(state.pos, state.posMax));
    if (!match) return false;
    const env = state.env as { footnotes?: { refs?: Record<string, number> } };
    env.footnotes ??= {};
    env.footnotes.refs ??= {};
    env.footnotes.refs[`:${match[1]}`] ??= -1;
    return rule(state, silent);
  };
}

const WIKILINK = /^!?\[\[([^[\]\n]+)\]\]/;

/** `[[target]]`, `[[target|alias]]`, `![[embed]]` as one `wikilink` token with the source as content. */
const wikilink: RuleInline = (state, silent) => {
  const ch = state.src.charCodeAt(state.pos);
  if (ch !== 0x5b /* [ */ && ch !== 0x21 /* ! */) return false;
  const match = WIKILINK.exec(state.src.slice(state.pos, state.posMax));
  if (!match) return false;
  if (!silent) {
    const token = state.push('wikilink', '', 0);
    token.content = match[0];
  }
  state.pos += match[0].length;
  return true;
};

/** Adds footnotes, definition lists, highlights and wiki links to `md`. */
export function useNoteExtras(md: MarkdownIt): void {
  md.use(footnote);
  md.core.ruler.disable('footnote_tail');
  md.inline.ruler.disable('footnote_inline');
  md.block.ruler.at('footnote_def', mappedFootnoteDef(ruleFn<RuleBlock>(md.block.ruler, 'footnote_def')), {
    alt: ['paragraph', 'reference']
  });
  md.inline.ruler.at('footnote_ref', anyFootnoteRef(ruleFn<RuleInline>(md.inline.ruler, 'footnote_ref')));
  md.use(deflist);
  md.use(mark);
  md.inline.ruler.before('link', 'folio_wikilink', wikilink);
}
