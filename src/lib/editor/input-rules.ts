/*
 * Markdown shortcuts typed at the start of a block: `# ` … `###### ` headings, `- `/`* `/`+ `
 * bullet lists, `1. `/`1) ` ordered lists, `> ` quotes, ```` ```lang ```` + space code blocks,
 * `[ ] `/`[x] ` at the start of a list item makes it a task (at the start of a paragraph, starts a
 * task list); `**b**`, `_i_`, `` `c` ``, `~~s~~`, `==h==` apply their mark when the closing
 * delimiter is typed; `[text](url)` becomes a link and `![alt](src)` an image when the `)` is
 * typed; `$x^2$` becomes math. Backspace right after undoes one.
 *
 * In a list, typing the list's own marker at the start of an item (as one does line by line:
 * Enter, then `- `) is taken as the item it already is: the list does not nest.
 */
import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import type { MarkType, NodeType } from 'prosemirror-model';
import { findWrapping } from 'prosemirror-transform';
import type { EditorState, Plugin } from 'prosemirror-state';
import { markdownSchema as schema } from './schema';

/**
 * Typing the closing delimiter of `**bold**`, `_em_`, `` `code` `` or `~~strike~~` applies the
 * mark to the text between, keeping the delimiter the user typed as the mark's markup.
 */
function markRule(pattern: RegExp, type: MarkType, markup?: string): InputRule {
  return new InputRule(
    pattern,
    (state, match, start, end) => {
      const [, lead, text] = match;
      const from = start + lead.length;
      if (!text || from >= end) return null;
      const mark = type.create(markup ? { markup } : null);
      return state.tr
        .replaceWith(from, end, state.schema.text(text, [...state.doc.resolve(from).marks(), mark]))
        .removeStoredMark(type);
    },
    { inCodeMark: false }
  );
}

/** `[text](url "title")` typed: the text becomes a link. */
const linkRule = new InputRule(
  /(?:^|[^!\\[])\[([^[\]]+)\]\(([^()\s]+)(?:\s+"([^"]*)")?\)$/,
  (state, match, start, end) => {
    const [whole, text, href, title] = match;
    const from = start + whole.indexOf('[');
    const marks = state.doc.resolve(from).marks();
    const link = schema.marks.link.create({ href, title: title ?? null });
    return state.tr
      .replaceWith(from, end, schema.text(text, [...marks, link]))
      .removeStoredMark(schema.marks.link);
  },
  { inCodeMark: false }
);

/** `![alt](src "title")` typed: an image. */
const imageRule = new InputRule(
  /!\[([^[\]]*)\]\(([^()\s]+)(?:\s+"([^"]*)")?\)$/,
  (state, match, start, end) => {
    const [, alt, src, title] = match;
    return state.tr.replaceWith(start, end, schema.nodes.image.create({ src, alt, title: title ?? null }));
  },
  { inCodeMark: false }
);

/** `$tex$` typed (not `$ 5 and $`): inline math. */
const mathRule = new InputRule(
  /(^|[^$\\])\$([^$\s](?:[^$]*[^$\s])?)\$$/,
  (state, match, start, end) => {
    const from = start + match[1].length;
    return state.tr.replaceWith(from, end, schema.nodes.math_inline.create({ tex: match[2] }));
  },
  { inCodeMark: false }
);

/** The list item a textblock at `$start` opens, when it is the item's first child. */
function openingItem(state: EditorState, start: number): { list: NodeType } | null {
  const $start = state.doc.resolve(start);
  const depth = $start.depth - 1;
  if (depth < 2 || $start.index(depth) !== 0) return null;
  if ($start.node(depth).type !== schema.nodes.list_item) return null;
  return { list: $start.node(depth - 1).type };
}

/** The marker of the list the cursor's item is in, typed again at its start: nothing to do but drop it. */
const sameListMarker = new InputRule(/^\s*(?:[-+*]|\d{1,9}[.)])\s$/, (state, match, start, end) => {
  const item = openingItem(state, start);
  if (!item) return null;
  const bullet = /^\s*[-+*]/.test(match[0]);
  if ((item.list === schema.nodes.bullet_list) !== bullet) return null;
  return state.tr.delete(start, end);
});

// Also in an item that is already a task (Enter in a task list makes one): people type `- [ ] `
// on every line, and the box they typed replaces the one the list gave them. At the start of a
// paragraph outside a list, `[ ] ` starts a task list (saved as `- [ ] `).
const taskRule = new InputRule(/^\[([ xX]?)\]\s$/, (state, match, start, end) => {
  const $start = state.doc.resolve(start);
  const checked = /[xX]/.test(match[1]);
  const depth = $start.depth - 1;
  const item = depth >= 1 ? $start.node(depth) : undefined;
  if (item?.type === schema.nodes.list_item) {
    if ($start.index(depth) !== 0) return null;
    return state.tr.delete(start, end).setNodeAttribute($start.before(depth), 'checked', checked);
  }
  const tr = state.tr.delete(start, end);
  const range = tr.doc.resolve(start).blockRange();
  const wrapping = range && findWrapping(range, schema.nodes.bullet_list, { bullet: '-' });
  if (!range || !wrapping) return null;
  return tr.wrap(
    range,
    wrapping.map((w) => (w.type === schema.nodes.list_item ? { type: w.type, attrs: { checked } } : w))
  );
});

/** The input-rules plugin of the editor. */
export function editorInputRules(): Plugin {
  return inputRules({
    rules: [
      sameListMarker,
      textblockTypeInputRule(/^(#{1,6})\s$/, schema.nodes.heading, (match) => ({
        level: match[1].length,
        markup: match[1]
      })),
      wrappingInputRule(/^\s*([-+*])\s$/, schema.nodes.bullet_list, (match) => ({ bullet: match[1] })),
      wrappingInputRule(
        /^(\d{1,9})([.)])\s$/,
        schema.nodes.ordered_list,
        (match) => ({ order: Number(match[1]), delimiter: match[2] }),
        (match, node) => node.childCount + (node.attrs.order as number) === Number(match[1])
      ),
      wrappingInputRule(/^\s*>\s$/, schema.nodes.blockquote),
      textblockTypeInputRule(/^(`{3,}|~{3,})([^\s`]*)\s$/, schema.nodes.code_block, (match) => ({
        params: match[2],
        fence: match[1]
      })),
      taskRule,
      markRule(/(^|[^*])\*\*([^*\s](?:[^*]*[^*\s])?)\*\*$/, schema.marks.strong, '**'),
      markRule(/(^|[^_\w])__([^_\s](?:[^_]*[^_\s])?)__$/, schema.marks.strong, '__'),
      markRule(/(^|[^*])\*([^*\s](?:[^*]*[^*\s])?)\*$/, schema.marks.em, '*'),
      markRule(/(^|[^_\w])_([^_\s](?:[^_]*[^_\s])?)_$/, schema.marks.em, '_'),
      markRule(/(^|[^~])~~([^~\s](?:[^~]*[^~\s])?)~~$/, schema.marks.strike, '~~'),
      markRule(/(^|[^=])==([^=\s](?:[^=]*[^=\s])?)==$/, schema.marks.highlight),
      markRule(/(^|[^`])`([^`]+)`$/, schema.marks.code),
      imageRule,
      linkRule,
      mathRule
    ]
  });
}
