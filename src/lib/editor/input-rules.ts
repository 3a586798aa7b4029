/*
 * Markdown shortcuts typed at the start of a block: `# ` … `###### ` headings, `- `/`* `/`+ `
 * bullet lists, `1. `/`1) ` ordered lists, `> ` quotes, ```` ```lang ```` + space code blocks,
 * `[ ] `/`[x] ` at the start of a list item makes it a task; `**b**`, `_i_`, `` `c` ``, `~~s~~`
 * apply their mark when the closing delimiter is typed. Backspace right after undoes one.
 */
import {
  InputRule,
  inputRules,
  textblockTypeInputRule,
  wrappingInputRule
} from 'prosemirror-inputrules';
import type { MarkType } from 'prosemirror-model';
import type { Plugin } from 'prosemirror-state';
import { markdownSchema as schema } from './schema';

/**
 * Typing the closing delimiter of `**bold**`, `_em_`, `` `code` `` or `~~strike~~` applies the
 * mark to the text between, keeping the delimiter the user typed as the mark's markup.
 */
function markRule(pattern: RegExp, type: MarkType, markup?: string): InputRule {
  return new InputRule(pattern, (state, match, start, end) => {
    const [, lead, text] = match;
    const from = start + lead.length;
    if (!text || from >= end) return null;
    const mark = type.create(markup ? { markup } : null);
    return state.tr.replaceWith(from, end, state.schema.text(text, [...state.doc.resolve(from).marks(), mark])).removeStoredMark(type);
  }, { inCodeMark: false });
}

const taskRule = new InputRule(/^\[([ xX]?)\]\s$/, (state, match, start, end) => {
  const $start = state.doc.resolve(start);
  const depth = $start.depth - 1;
  if (depth < 1 || $start.index(depth) !== 0) return null;
  const item = $start.node(depth);
  if (item.type !== schema.nodes.list_item || item.attrs.checked !== null) return null;
  return state.tr.delete(start, end).setNodeAttribute($start.before(depth), 'checked', /[xX]/.test(match[1]));
});

/** The input-rules plugin of the editor. */
export function editorInputRules(): Plugin {
  return inputRules({
    rules: [
      textblockTypeInputRule(/^(#{1,6})\s$/, schema.nodes.heading, (match) => ({ level: match[1].length, markup: match[1] })),
      wrappingInputRule(/^\s*([-+*])\s$/, schema.nodes.bullet_list, (match) => ({ bullet: match[1] })),
      wrappingInputRule(
        /^(\d{1,9})([.)])\s$/,
        schema.nodes.ordered_list,
        (match) => ({ order: Number(match[1]), delimiter: match[2] }),
        (match, node) => node.childCount + (node.attrs.order as number) === Number(match[1])
      ),
      wrappingInputRule(/^\s*>\s$/, schema.nodes.blockquote),
      textblockTypeInputRule(/^```([^\s`]*)\s$/, schema.nodes.code_block, (match) => ({ params: match[1], fence: '```' })),
      taskRule,
      markRule(/(^|[^*])\*\*([^*\s](?:[^*]*[^*\s])?)\*\*$/, schema.marks.strong, '**'),
      markRule(/(^|[^_\w])__([^_\s](?:[^_]*[^_\s])?)__$/, schema.marks.strong, '__'),
      markRule(/(^|[^*])\*([^*\s](?:[^*]*[^*\s])?)\*$/, schema.marks.em, '*'),
      markRule(/(^|[^_\w])_([^_\s](?:[^_]*[^_\s])?)_$/, schema.marks.em, '_'),
      markRule(/(^|[^~])~~([^~\s](?:[^~]*[^~\s])?)~~$/, schema.marks.strike, '~~'),
      markRule(/(^|[^`])`([^`]+)`$/, schema.marks.code)
    ]
  });
}
