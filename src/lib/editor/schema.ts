/*
 * The ProseMirror schema for Folio notes: CommonMark plus the extras notes use (task lists, GFM
 * tables, strikethrough, `$`/`$$` math, raw HTML kept verbatim, footnotes, definition lists,
 * `==highlights==`, and `[[wiki links]]` kept as written; see markdown-it-extras.ts).
 *
 * Attributes named `markup`, `fence`, `bullet`, `delimiter` record how the user wrote a construct,
 * so that a block the user edits is serialised again in the user's own style.
 *
 * Every block type also carries a `source` attribute. It is set only on top-level blocks by the
 * parser (see source-map.ts): the block's exact Markdown text plus a fingerprint of the parsed
 * node. The serializer emits that text verbatim while the node is unchanged, which is what keeps
 * untouched Markdown byte-identical.
 */
import { Schema, type NodeSpec, type MarkSpec, type Attrs } from 'prosemirror-model';

/** The source record of a top-level block; see source-map.ts. */
export interface BlockSource {
  /** The block's own Markdown lines, with their line endings. */
  readonly text: string;
  /** The lines between the previous block and this one (blank lines, link definitions). */
  readonly before: string;
  /** Fingerprint of the node as parsed from `text`, ignoring `source`. */
  readonly hash: string;
  /** Fingerprint of the block that preceded this one in the source ('' for the first). */
  readonly prevHash: string;
  /** Node type name of that preceding block ('' for the first). */
  readonly prevType: string;
}

const source = { source: { default: null } };

function block(spec: NodeSpec): NodeSpec {
  return { group: 'block', ...spec, attrs: { ...source, ...spec.attrs } };
}

function alignStyle(attrs: Attrs): Record<string, string> {
  return attrs.align ? { style: `text-align: ${attrs.align}` } : {};
}

// GFM cells hold one line: no hard breaks (a break would end the row). colspan/rowspan are
// prosemirror-tables' (row and column commands); GFM has no spans, so they stay 1.
const cell = (tag: 'th' | 'td'): NodeSpec => ({
  content: '(text | image | math_inline | html_inline | footnote_ref | wikilink)*',
  attrs: {
    align: { default: null },
    colspan: { default: 1 },
    rowspan: { default: 1 },
    colwidth: { default: null }
  },
  tableRole: tag === 'th' ? 'header_cell' : 'cell',
  isolating: true,
  parseDOM: [{ tag, getAttrs: (dom) => ({ align: (dom as HTMLElement).style.textAlign || null }) }],
  toDOM: (node) => [tag, alignStyle(node.attrs), 0]
});

const nodes: Record<string, NodeSpec> = {
  doc: {
    content: 'block+',
    // trailing: text after the last block; defCarriers: fingerprints of the blocks whose source
    // holds link reference definitions (see serialize.ts).
    // references: the note's link reference definitions, by normalised label.
    // bom: the note starts with a byte order mark, written back before the first block.
    attrs: {
      trailing: { default: '' },
      defCarriers: { default: [] },
      references: { default: {} },
      bom: { default: false }
    }
  },
  paragraph: block({ content: 'inline*', parseDOM: [{ tag: 'p' }], toDOM: () => ['p', 0] }),
  heading: block({
    content: 'inline*',
    // underline: the length of a setext heading's `===`/`---` line, kept when its text changes.
    attrs: { level: { default: 1 }, markup: { default: null }, underline: { default: null } },
    defining: true,
    parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level } })),
    toDOM: (node) => [`h${node.attrs.level}`, 0]
  }),
  blockquote: block({
    content: 'block+',
    defining: true,
    parseDOM: [{ tag: 'blockquote' }],
    toDOM: () => ['blockquote', 0]
  }),
  horizontal_rule: block({
    attrs: { markup: { default: '---' } },
    parseDOM: [{ tag: 'hr' }],
    toDOM: () => ['hr']
  }),
  code_block: block({
    content: 'text*',
    marks: '',
    code: true,
    defining: true,
    attrs: { params: { default: '' }, fence: { default: '```' } },
    parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
    toDOM: (node) => ['pre', node.attrs.params ? { 'data-info': node.attrs.params } : {}, ['code', 0]]
  }),
  math_block: block({
    content: 'text*',
    marks: '',
    code: true,
    defining: true,
    parseDOM: [{ tag: 'div.math-block', preserveWhitespace: 'full' }],
    toDOM: () => ['div', { class: 'math-block' }, 0]
  }),
  html_block: block({
    content: 'text*',
    marks: '',
    code: true,
    defining: true,
    parseDOM: [{ tag: 'div.html-block', preserveWhitespace: 'full' }],
    toDOM: () => ['div', { class: 'html-block' }, 0]
  }),
  ordered_list: block({
    content: 'list_item+',
    attrs: {
      order: { default: 1 },
      tight: { default: true },
      delimiter: { default: '.' },
      indent: { default: 0 },
      gap: { default: 1 }
    },
    parseDOM: [
      { tag: 'ol', getAttrs: (dom) => ({ order: Number((dom as HTMLElement).getAttribute('start') ?? 1) }) }
    ],
    toDOM: (node) => ['ol', node.attrs.order === 1 ? {} : { start: node.attrs.order }, 0]
  }),
  bullet_list: block({
    content: 'list_item+',
    // indent: spaces before the marker; gap: spaces after it (see markdown-it-setup.ts).
    attrs: {
      tight: { default: true },
      bullet: { default: '-' },
      indent: { default: 0 },
      gap: { default: 1 }
    },
    parseDOM: [{ tag: 'ul' }],
    toDOM: () => ['ul', 0]
  }),
  list_item: {
    content: 'block+',
    defining: true,
    attrs: { checked: { default: null } },
    parseDOM: [{ tag: 'li' }],
    toDOM: (node) =>
      node.attrs.checked === null
        ? ['li', 0]
        : ['li', { class: 'task-item', 'data-checked': String(node.attrs.checked) }, 0]
  },
  table: block({
    content: 'table_row+',
    // The layout an edited table is written in (see tableLayoutRule in markdown-it-setup.ts).
    attrs: {
      outerPipes: { default: true },
      padded: { default: false },
      compact: { default: false },
      spaced: { default: true },
      widths: { default: null }
    },
    isolating: true,
    tableRole: 'table',
    parseDOM: [{ tag: 'table' }],
    toDOM: () => ['table', ['tbody', 0]]
  }),
  table_row: {
    content: '(table_header | table_cell)+',
    tableRole: 'row',
    parseDOM: [{ tag: 'tr' }],
    toDOM: () => ['tr', 0]
  },
  table_header: cell('th'),
  table_cell: cell('td'),
  footnote: block({
    // A footnote definition, `[^label]: text`, kept where it was written.
    content: 'block+',
    attrs: { label: { default: '1' } },
    defining: true,
    parseDOM: [
      { tag: 'div.footnote', getAttrs: (dom) => ({ label: (dom as HTMLElement).dataset.label ?? '1' }) }
    ],
    toDOM: (node) => ['div', { class: 'footnote', 'data-label': node.attrs.label }, 0]
  }),
  definition_list: block({
    content: '(definition_term | definition_desc)+',
    parseDOM: [{ tag: 'dl' }],
    toDOM: () => ['dl', 0]
  }),
  definition_term: { content: 'inline*', defining: true, parseDOM: [{ tag: 'dt' }], toDOM: () => ['dt', 0] },
  definition_desc: {
    content: 'block+',
    // tight: written right under its term (no blank line between).
    attrs: { tight: { default: true } },
    defining: true,
    parseDOM: [{ tag: 'dd' }],
    toDOM: () => ['dd', 0]
  },
  text: { group: 'inline' },
  image: {
    inline: true,
    group: 'inline',
    draggable: true,
    attrs: {
      src: {},
      alt: { default: '' },
      title: { default: null },
      refStyle: { default: null },
      refLabel: { default: null }
    },
    parseDOM: [
      {
        tag: 'img[src]',
        getAttrs: (dom) => {
          const el = dom as HTMLElement;
          return {
            src: el.getAttribute('src'),
            alt: el.getAttribute('alt') ?? '',
            title: el.getAttribute('title')
          };
        }
      }
    ],
    toDOM: (node) => ['img', { src: node.attrs.src, alt: node.attrs.alt, title: node.attrs.title }]
  },
  hard_break: {
    inline: true,
    group: 'inline',
    selectable: false,
    parseDOM: [{ tag: 'br' }],
    toDOM: () => ['br']
  },
  math_inline: {
    inline: true,
    group: 'inline',
    atom: true,
    attrs: { tex: { default: '' } },
    parseDOM: [
      { tag: 'span.math-inline', getAttrs: (dom) => ({ tex: (dom as HTMLElement).textContent ?? '' }) }
    ],
    toDOM: (node) => ['span', { class: 'math-inline' }, node.attrs.tex]
  },
  footnote_ref: {
    inline: true,
    group: 'inline',
    atom: true,
    attrs: { label: { default: '1' } },
    parseDOM: [
      { tag: 'sup.footnote-ref', getAttrs: (dom) => ({ label: (dom as HTMLElement).dataset.label ?? '1' }) }
    ],
    toDOM: (node) => [
      'sup',
      { class: 'footnote-ref', 'data-label': node.attrs.label },
      `[${node.attrs.label}]`
    ]
  },
  wikilink: {
    // `[[Note]]`, `[[Note|alias]]` or `![[embed.png]]`, exactly as written.
    inline: true,
    group: 'inline',
    atom: true,
    attrs: { raw: { default: '[[]]' } },
    parseDOM: [
      { tag: 'span.wikilink', getAttrs: (dom) => ({ raw: (dom as HTMLElement).dataset.raw ?? '' }) }
    ],
    toDOM: (node) => ['span', { class: 'wikilink', 'data-raw': node.attrs.raw }, node.attrs.raw]
  },
  html_inline: {
    inline: true,
    group: 'inline',
    atom: true,
    attrs: { html: { default: '' } },
    parseDOM: [
      { tag: 'span.html-inline', getAttrs: (dom) => ({ html: (dom as HTMLElement).textContent ?? '' }) }
    ],
    toDOM: (node) => ['span', { class: 'html-inline' }, node.attrs.html]
  }
};

const marks: Record<string, MarkSpec> = {
  em: {
    attrs: { markup: { default: '*' } },
    parseDOM: [{ tag: 'i' }, { tag: 'em' }, { style: 'font-style=italic' }],
    toDOM: () => ['em']
  },
  strong: {
    attrs: { markup: { default: '**' } },
    parseDOM: [{ tag: 'strong' }, { tag: 'b' }],
    toDOM: () => ['strong']
  },
  strike: {
    attrs: { markup: { default: '~~' } },
    parseDOM: [{ tag: 's' }, { tag: 'del' }],
    toDOM: () => ['s']
  },
  link: {
    // refStyle/refLabel: how a reference link was written (see reference-links.ts).
    attrs: { href: {}, title: { default: null }, refStyle: { default: null }, refLabel: { default: null } },
    inclusive: false,
    parseDOM: [
      {
        tag: 'a[href]',
        getAttrs: (dom) => ({
          href: (dom as HTMLElement).getAttribute('href'),
          title: (dom as HTMLElement).getAttribute('title')
        })
      }
    ],
    toDOM: (mark) => ['a', { href: mark.attrs.href, title: mark.attrs.title }]
  },
  highlight: {
    parseDOM: [{ tag: 'mark' }],
    toDOM: () => ['mark']
  },
  code: { code: true, parseDOM: [{ tag: 'code' }], toDOM: () => ['code'] }
};

/** The Markdown schema every Folio editor and the Markdown parser/serializer share. */
export const markdownSchema = new Schema({ nodes, marks });
