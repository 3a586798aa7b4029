/*
 * Markdown → ProseMirror: markdown-it tokens mapped onto markdownSchema by prosemirror-markdown's
 * MarkdownParser, with each top-level block stamped with its source (see source-map.ts).
 */
import { MarkdownParser, type ParseSpec } from 'prosemirror-markdown';
import type { Node as PMNode, Attrs } from 'prosemirror-model';
import type Token from 'markdown-it/lib/token.mjs';
import { markdownSchema } from './schema';
import { createMarkdownIt } from './markdown-it-setup';
import { annotateTopLevel, sealSources, splitLines } from './source-map';
import type { Definitions } from './reference-links';

const md = createMarkdownIt();

/** The top-level source slice the tokenizer recorded on a token, or null. */
function sourceOf(tok: Token): Attrs {
  return { source: (tok.meta as { source?: unknown } | null)?.source ?? null };
}

function listIsTight(tokens: Token[], i: number): boolean {
  while (++i < tokens.length) if (tokens[i].type !== 'list_item_open') return tokens[i].hidden;
  return false;
}

/** The list layout the tokenizer recorded (markdown-it-setup.ts). */
function layoutOf(tok: Token): Attrs {
  const meta = tok.meta as { indent?: number; gap?: number } | null;
  return { indent: meta?.indent ?? 0, gap: meta?.gap ?? 1 };
}

/** How a reference link or image was written, recorded by reference-links.ts. */
function refForm(tok: Token): Attrs {
  const meta = tok.meta as { refStyle?: string; refLabel?: string } | null;
  return { refStyle: meta?.refStyle ?? null, refLabel: meta?.refLabel ?? null };
}

function alignOf(tok: Token): string | null {
  if (!tok.attrs) return null;
  const style = tok.attrGet('style') ?? '';
  const match = /text-align:\s*(left|right|center)/.exec(style);
  return match ? match[1] : null;
}

function fenceOf(tok: Token): string | null {
  return tok.type === 'fence' ? tok.markup : null;
}

const tokens: Record<string, ParseSpec> = {
  paragraph: { block: 'paragraph', getAttrs: sourceOf },
  blockquote: { block: 'blockquote', getAttrs: sourceOf },
  heading: {
    block: 'heading',
    getAttrs: (tok) => ({
      ...sourceOf(tok),
      level: Number(tok.tag.slice(1)),
      markup: tok.markup,
      underline: (tok.meta as { underline?: number } | null)?.underline ?? null
    })
  },
  hr: { node: 'horizontal_rule', getAttrs: (tok) => ({ ...sourceOf(tok), markup: tok.markup }) },
  code_block: {
    block: 'code_block',
    noCloseToken: true,
    getAttrs: (tok) => ({ ...sourceOf(tok), fence: null })
  },
  fence: {
    block: 'code_block',
    noCloseToken: true,
    getAttrs: (tok) => ({ ...sourceOf(tok), params: tok.info, fence: fenceOf(tok) })
  },
  math_block: { block: 'math_block', noCloseToken: true, getAttrs: sourceOf },
  html_block: { block: 'html_block', noCloseToken: true, getAttrs: sourceOf },
  bullet_list: {
    block: 'bullet_list',
    getAttrs: (tok, toks, i) => ({
      ...sourceOf(tok),
      ...layoutOf(tok),
      bullet: tok.markup,
      tight: listIsTight(toks, i)
    })
  },
  ordered_list: {
    block: 'ordered_list',
    getAttrs: (tok, toks, i) => ({
      ...sourceOf(tok),
      ...layoutOf(tok),
      order: Number(tok.attrGet('start') ?? 1),
      delimiter: tok.markup,
      tight: listIsTight(toks, i)
    })
  },
  list_item: {
    block: 'list_item',
    getAttrs: (tok) => ({ checked: (tok.meta as { checked?: boolean } | null)?.checked ?? null })
  },
  table: {
    block: 'table',
    getAttrs: (tok) => {
      const meta = tok.meta as {
        outerPipes?: boolean;
        padded?: boolean;
        compact?: boolean;
        spaced?: boolean;
        widths?: number[];
      } | null;
      return {
        ...sourceOf(tok),
        outerPipes: meta?.outerPipes ?? true,
        padded: meta?.padded ?? false,
        compact: meta?.compact ?? false,
        spaced: meta?.spaced ?? true,
        widths: meta?.widths ?? null
      };
    }
  },
  thead: { ignore: true },
  tbody: { ignore: true },
  tr: { block: 'table_row' },
  th: { block: 'table_header', getAttrs: (tok) => ({ align: alignOf(tok) }) },
  td: { block: 'table_cell', getAttrs: (tok) => ({ align: alignOf(tok) }) },
  image: {
    node: 'image',
    getAttrs: (tok) => ({
      src: tok.attrGet('src'),
      title: tok.attrGet('title') || null,
      ...refForm(tok),
      alt: md.renderer.renderInlineAsText(tok.children ?? [], md.options, {})
    })
  },
  hardbreak: { node: 'hard_break' },
  math_inline: { node: 'math_inline', getAttrs: (tok) => ({ tex: tok.content }) },
  html_inline: { node: 'html_inline', getAttrs: (tok) => ({ html: tok.content }) },
  em: { mark: 'em', getAttrs: (tok) => ({ markup: tok.markup }) },
  strong: { mark: 'strong', getAttrs: (tok) => ({ markup: tok.markup }) },
  s: { mark: 'strike', getAttrs: (tok) => ({ markup: tok.markup }) },
  link: {
    mark: 'link',
    getAttrs: (tok) => ({
      href: tok.attrGet('href'),
      title: tok.attrGet('title') || null,
      ...refForm(tok)
    })
  },
  code_inline: { mark: 'code', noCloseToken: true },
  mark: { mark: 'highlight' },
  footnote_reference: {
    block: 'footnote',
    getAttrs: (tok) => ({ ...sourceOf(tok), label: (tok.meta as { label: string }).label })
  },
  footnote_ref: {
    node: 'footnote_ref',
    getAttrs: (tok) => ({ label: (tok.meta as { label: string }).label })
  },
  dl: { block: 'definition_list', getAttrs: sourceOf },
  dt: { block: 'definition_term' },
  dd: {
    block: 'definition_desc',
    // markdown-it-deflist hides the paragraphs of a definition written right under its term.
    getAttrs: (_tok, toks, i) => ({
      tight: toks[i + 1]?.type === 'paragraph_open' ? toks[i + 1].hidden : true
    })
  },
  wikilink: { node: 'wikilink', getAttrs: (tok) => ({ raw: tok.content }) }
};

let trailing = '';

/**
 * Turns soft line breaks into newline text: MarkdownParser would make them spaces, and an edited
 * hard-wrapped paragraph must keep its lines.
 */
function keepSoftBreaks(toks: Token[]): void {
  for (const tok of toks) {
    if (tok.type !== 'inline' || !tok.children) continue;
    for (const child of tok.children) {
      if (child.type === 'softbreak') {
        child.type = 'text';
        child.content = '\n';
      }
    }
  }
}

/** markdown-it wrapped so that top-level tokens carry their source slices. */
const tokenizer = {
  parse(text: string, env: object): Token[] {
    const toks = md.parse(text, env);
    keepSoftBreaks(toks);
    trailing = annotateTopLevel(toks, splitLines(text));
    return toks;
  }
} as unknown as ConstructorParameters<typeof MarkdownParser>[1];

const parser = new MarkdownParser(markdownSchema, tokenizer, tokens);

/**
 * Parses Markdown into a document of {@link markdownSchema}, each top-level block keeping its
 * source. `references` are link definitions known from elsewhere (the rest of the note).
 */
export function parseMarkdown(markdown: string, references: Definitions = {}): PMNode {
  const env: { references: Definitions } = { references: { ...references } };
  // A byte order mark is no text: markdown-it would read `\uFEFF# Title` as a paragraph.
  const bom = markdown.charCodeAt(0) === 0xfeff;
  const doc = parser.parse(bom ? markdown.slice(1) : markdown, env);
  const sealed = sealSources(doc, trailing, env.references);
  return bom ? sealed.type.create({ ...sealed.attrs, bom: true }, sealed.content) : sealed;
}

/** Parses Markdown without source tracking: the structure only, as a fresh serialization would give. */
export function parseStructure(markdown: string, references: Definitions = {}): PMNode {
  const text = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  return stripSources(parser.parse(text, { references: { ...references } }));
}

/** Returns the document with every `source` attr cleared, for structural comparison. */
export function stripSources(doc: PMNode): PMNode {
  const children: PMNode[] = [];
  doc.forEach((child) => {
    children.push(
      child.attrs.source
        ? child.type.create({ ...child.attrs, source: null }, child.content, child.marks)
        : child
    );
  });
  return doc.type.create({ trailing: '', defCarriers: [], references: {} }, children);
}
