/*
 * Reference links (`[text][label]`, `[label][]`, `[label]`) and images keep their form when the
 * block around them is edited. markdown-it resolves them to plain links, so its link and image
 * rules are wrapped to record on the token how the link was written (`meta.refStyle`,
 * `meta.refLabel`); the serializer writes that form again while the note still defines the label
 * with the same destination and title, and an inline link otherwise.
 */
import type MarkdownIt from 'markdown-it';
import type { RuleInline } from 'markdown-it/lib/parser_inline.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import linkRule from 'markdown-it/lib/rules_inline/link.mjs';
import imageRule from 'markdown-it/lib/rules_inline/image.mjs';

/** How a link was written: as a full, collapsed or shortcut reference (null: inline). */
export type RefStyle = 'full' | 'collapsed' | 'shortcut';

/** A link reference definition as markdown-it stores it. */
export interface Definition {
  href: string;
  title: string;
}

/** Definitions by normalised label (markdown-it's `env.references`). */
export type Definitions = Record<string, Definition>;

function referenceForm(
  state: StateInline,
  labelStart: number,
  end: number
): { refStyle: RefStyle; refLabel: string } | null {
  const labelEnd = state.md.helpers.parseLinkLabel(state, labelStart, true);
  if (labelEnd < 0) return null;
  const next = state.src.charAt(labelEnd + 1);
  if (next === '(' && end > labelEnd + 1) return null;
  if (next === '[' && end > labelEnd + 1) {
    const label = state.src.slice(labelEnd + 2, end - 1);
    return label
      ? { refStyle: 'full', refLabel: label }
      : { refStyle: 'collapsed', refLabel: state.src.slice(labelStart + 1, labelEnd) };
  }
  return { refStyle: 'shortcut', refLabel: state.src.slice(labelStart + 1, labelEnd) };
}

function recording(rule: RuleInline, tokenType: string, labelOffset: number): RuleInline {
  return (state, silent) => {
    const start = state.pos;
    const count = state.tokens.length;
    if (!rule(state, silent)) return false;
    if (silent) return true;
    const tok = state.tokens.slice(count).find((t) => t.type === tokenType);
    const form = tok ? referenceForm(state, start + labelOffset, state.pos) : null;
    if (tok && form) tok.meta = { ...tok.meta, ...form };
    return true;
  };
}

/** Makes markdown-it record reference forms on link_open and image tokens. */
export function recordReferenceForms(md: MarkdownIt): void {
  md.inline.ruler.at('link', recording(linkRule, 'link_open', 0));
  md.inline.ruler.at('image', recording(imageRule, 'image', 1));
}
