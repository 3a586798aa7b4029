/*
 * The markdown-it instance behind the editor: CommonMark with GFM tables and strikethrough, raw
 * HTML, `$…$`/`$$…$$` math (@mdit/plugin-tex) and GFM task list items.
 *
 * Task lists are a small core rule of our own: markdown-it-task-lists is unmaintained and, like
 * @mdit/plugin-tasklist, it renders checkboxes as inline HTML tokens, while the editor wants a
 * `checked` attribute on the list item. The rule runs before inline parsing and strips the
 * `[ ]`/`[x]` marker from the item's first paragraph, recording the state on the
 * `list_item_open` token's `meta`.
 */
import MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import { tex } from '@mdit/plugin-tex';

const TASK_MARKER = /^\[([ xX])\](?:[ \t]+|$)/;

/** Marks list items whose first paragraph starts with a GFM task marker. */
function taskListRule(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i].type !== 'list_item_open') continue;
    if (tokens[i + 1].type !== 'paragraph_open' || tokens[i + 2].type !== 'inline') continue;
    const inline = tokens[i + 2];
    const match = TASK_MARKER.exec(inline.content);
    if (!match) continue;
    inline.content = inline.content.slice(match[0].length);
    tokens[i].meta = { ...tokens[i].meta, checked: match[1] !== ' ' };
  }
}

/**
 * Creates the markdown-it instance Folio parses notes with. The math plugin's renderer is never
 * used by the editor (it keeps TeX verbatim); it renders escaped source so HTML output stays safe.
 */
export function createMarkdownIt(): MarkdownIt {
  const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  md.use(tex, { render: (content: string) => md.utils.escapeHtml(content) });
  md.core.ruler.after('block', 'folio_task_list', taskListRule);
  return md;
}
