/*
 * How each node and mark of markdownSchema is written as Markdown when a block has to be
 * serialised afresh (the user edited it). Style attrs recorded at parse time (bullet, delimiter,
 * fence, emphasis markup, setext headings) are honoured so an edited block keeps the user's style.
 */
import { MarkdownSerializer } from 'prosemirror-markdown';
import type { Mark, Node as PMNode } from 'prosemirror-model';
import { escapeLine } from './escape';
import { writeTable } from './serialize-table';
import { imageNode, linkMark } from './serialize-links';
import { internals, opts, type FreshOptions, type State } from './serializer-state';

export type { FreshOptions } from './serializer-state';

/** Writes text line by line, escaping each line as the start of a line where it is one. */
function writeText(state: State, text: string): void {
  const mode = opts(state).escapeMode;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const lineStart = i > 0 || internals(state).atBlockStart;
    state.text(escapeLine(line, lineStart, mode), false);
    if (i < lines.length - 1) state.text('\n', false);
  });
}

function longestRun(text: string, ch: string): number {
  let max = 0;
  const re = new RegExp(`${ch === '`' ? '`' : '~'}+`, 'g');
  for (const m of text.matchAll(re)) max = Math.max(max, m[0].length);
  return max;
}

/** Writes the lines of a fenced block's body, keeping a final blank line, then ends the line. */
function writeBody(state: State, text: string): void {
  if (!text) return;
  state.text(text, false);
  state.write('\n');
}

function fenceFor(node: PMNode): string {
  const recorded = (node.attrs.fence as string | null) ?? '```';
  const ch = recorded[0] === '~' ? '~' : '`';
  const len = Math.max(recorded.length, 3, longestRun(node.textContent, ch) + 1);
  return ch.repeat(len);
}

function canIndent(node: PMNode): boolean {
  const text = node.textContent;
  return text.length > 0 && !/^\s*\n|\n\s*$/.test(text) && !/^\s*$/.test(text.split('\n')[0]);
}

function codeBlock(state: State, node: PMNode): void {
  if (node.attrs.fence === null && canIndent(node)) {
    state.wrapBlock('    ', null, node, () => state.text(node.textContent, false));
    return;
  }
  const fence = fenceFor(node);
  state.write(fence + ((node.attrs.params as string) || '') + '\n');
  writeBody(state, node.textContent);
  state.write(fence);
  state.closeBlock(node);
}

function heading(state: State, node: PMNode): void {
  const markup = node.attrs.markup as string | null;
  const level = node.attrs.level as number;
  const multiline = node.textContent.includes('\n');
  const setext = level <= 2 && (multiline || markup === '=' || markup === '-');
  if (!setext) {
    state.write('#'.repeat(level) + ' ');
    const start = internals(state).out.length;
    state.renderInline(node, false);
    // A heading text ending in " ###" would lose it as the optional closing sequence.
    const inner = internals(state);
    const tail = /(^|[ \t])(#+)$/.exec(inner.out.slice(start));
    if (tail) inner.out = inner.out.slice(0, inner.out.length - tail[2].length) + '\\' + tail[2];
    state.closeBlock(node);
    return;
  }
  state.renderInline(node);
  const lastLine = node.textContent.split('\n').pop() ?? '';
  state.ensureNewLine();
  const underline = (node.attrs.underline as number | null) ?? Math.max(3, lastLine.length);
  state.write((level === 1 ? '=' : '-').repeat(underline));
  state.closeBlock(node);
}

/** Picks a list marker different from an adjacent list's, so two lists don't merge into one. */
function distinctMarker(parent: PMNode, index: number, node: PMNode, attr: string, alt: string[]): string {
  const own = node.attrs[attr] as string;
  const prev = index > 0 ? parent.child(index - 1) : null;
  if (!prev || prev.type !== node.type || prev.attrs[attr] !== own) return own;
  return alt.find((m) => m !== own) ?? own;
}

function bulletList(state: State, node: PMNode, parent: PMNode, index: number): void {
  const bullet = distinctMarker(parent, index, node, 'bullet', ['-', '*', '+']);
  const { indent, gap } = node.attrs as { indent: number; gap: number };
  const first = ' '.repeat(indent) + bullet + ' '.repeat(gap);
  renderItems(state, node, () => first);
}

/**
 * prosemirror-markdown's renderList with one continuation indent per item: item 10's content
 * starts a column later than item 9's, and nested blocks must line up with their own item.
 */
function renderItems(state: State, node: PMNode, firstDelim: (i: number) => string): void {
  const inner = internals(state);
  if (inner.closed && inner.closed.type === node.type) inner.flushClose(3);
  else if (inner.inTightList) inner.flushClose(1);
  const tight = node.attrs.tight === true;
  const prevTight = inner.inTightList;
  inner.inTightList = tight;
  node.forEach((child, _offset, i) => {
    if (i && tight) inner.flushClose(1);
    const first = firstDelim(i);
    state.wrapBlock(' '.repeat(first.length), first, node, () => state.render(child, node, i));
  });
  inner.inTightList = prevTight;
}

function orderedList(state: State, node: PMNode, parent: PMNode, index: number): void {
  const start = node.attrs.order as number;
  const delim = distinctMarker(parent, index, node, 'delimiter', ['.', ')']);
  const { indent, gap } = node.attrs as { indent: number; gap: number };
  renderItems(state, node, (i) => ' '.repeat(indent) + `${start + i}${delim}` + ' '.repeat(gap));
}

/** Blocks a paragraph written on the next line would run on in (CommonMark's lazy continuation). */
const LAZY_BEFORE = new Set(['paragraph', 'blockquote', 'bullet_list', 'ordered_list']);

/**
 * Writes a list item; in a tight list its blocks are separated by a line break, not a blank line,
 * except before a paragraph that would otherwise read as the previous block's last line (an item
 * holding a quote and then text, as pasting a quote mid-item makes it): the blank line makes the
 * list loose when read back, which keeps its text where it was.
 */
function listItem(state: State, node: PMNode, parent: PMNode): void {
  if (node.attrs.checked !== null) state.write(node.attrs.checked ? '[x] ' : '[ ] ');
  const tight = parent.attrs.tight === true;
  node.forEach((child, _offset, i) => {
    const lazy = i > 0 && child.type.name === 'paragraph' && LAZY_BEFORE.has(node.child(i - 1).type.name);
    if (i > 0 && tight) internals(state).flushClose(lazy ? 2 : 1);
    state.render(child, node, i);
  });
}

/** A definition list: terms and definitions, a blank line between entries unless written tight. */
function definitionList(state: State, node: PMNode): void {
  node.forEach((child, _offset, i) => {
    if (i > 0 && child.type.name === 'definition_desc' && child.attrs.tight) internals(state).flushClose(1);
    else if (i > 0 && child.type.name === 'definition_term' && node.child(i - 1).attrs.tight)
      internals(state).flushClose(1);
    state.render(child, node, i);
  });
  state.closeBlock(node);
}

function textBlock(state: State, node: PMNode, open: string, close: string): void {
  state.write(open);
  writeBody(state, node.textContent);
  state.write(close);
  state.closeBlock(node);
}

function hardBreak(state: State, node: PMNode, parent: PMNode, index: number): void {
  for (let i = index + 1; i < parent.childCount; i++) {
    if (parent.child(i).type !== node.type) {
      state.write('\\\n');
      return;
    }
  }
}

function backticksFor(node: PMNode, side: -1 | 1): string {
  let len = 0;
  if (node.isText) for (const m of (node.text ?? '').matchAll(/`+/g)) len = Math.max(len, m[0].length);
  const ticks = '`'.repeat(len + 1);
  const pad = len > 0 || /^ .* $|^`|`$/.test(node.text ?? '') ? ' ' : '';
  return side < 0 ? ticks + pad : pad + ticks;
}

function markup(mark: Mark, fallback: string): string {
  return (mark.attrs.markup as string) || fallback;
}

/** The serializer for blocks the user changed; see {@link FreshOptions} for its options. */
export const freshSerializer = new MarkdownSerializer(
  {
    blockquote: (state, node) => state.wrapBlock('> ', null, node, () => state.renderContent(node)),
    code_block: codeBlock,
    math_block: (state, node) => textBlock(state, node, '$$\n', '$$'),
    html_block: (state, node) => {
      state.text(node.textContent, false);
      state.closeBlock(node);
    },
    heading,
    footnote: (state, node) =>
      state.wrapBlock('    ', `[^${node.attrs.label as string}]: `, node, () => state.renderContent(node)),
    definition_list: definitionList,
    definition_term: (state, node) => {
      state.renderInline(node);
      state.closeBlock(node);
    },
    definition_desc: (state, node) => state.wrapBlock('    ', ':   ', node, () => state.renderContent(node)),
    horizontal_rule: (state, node) => {
      state.write(node.attrs.markup as string);
      state.closeBlock(node);
    },
    bullet_list: bulletList,
    ordered_list: orderedList,
    list_item: listItem,
    paragraph: (state, node) => {
      state.renderInline(node);
      state.closeBlock(node);
    },
    image: imageNode,
    hard_break: hardBreak,
    math_inline: (state, node) => state.write('$' + (node.attrs.tex as string) + '$'),
    html_inline: (state, node) => state.text(node.attrs.html as string, false),
    footnote_ref: (state, node) => state.write(`[^${node.attrs.label as string}]`),
    wikilink: (state, node) => state.write(node.attrs.raw as string),
    text: (state, node) => {
      if (internals(state).inAutolink) state.text(node.text ?? '', false);
      else writeText(state, node.text ?? '');
    },
    table: (state, node) => writeTable(state, node, (cell) => renderCell(cell, opts(state)))
  },
  {
    em: {
      open: (_state, mark) => markup(mark, '*'),
      close: (_state, mark) => markup(mark, '*'),
      mixable: true,
      expelEnclosingWhitespace: true
    },
    strong: {
      open: (_state, mark) => markup(mark, '**'),
      close: (_state, mark) => markup(mark, '**'),
      mixable: true,
      expelEnclosingWhitespace: true
    },
    strike: { open: '~~', close: '~~', mixable: true, expelEnclosingWhitespace: true },
    highlight: { open: '==', close: '==', mixable: true, expelEnclosingWhitespace: true },
    link: linkMark,
    code: {
      open: (_state, _mark, parent, index) => backticksFor(parent.child(index), -1),
      close: (_state, _mark, parent, index) => backticksFor(parent.child(index - 1), 1),
      escape: false
    }
  }
);

/** Renders a table cell's inline content as it would be written in a paragraph. */
function renderCell(cell: PMNode, options: FreshOptions): string {
  const schema = cell.type.schema;
  const doc = schema.topNodeType.create(null, schema.nodes.paragraph.create(null, cell.content));
  return freshSerializer.serialize(doc, options as never);
}
