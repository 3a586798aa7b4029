/*
 * Writing links and images: autolinks as `<url>`, reference links in the form they were written
 * (`[text][label]`, `[label][]`, `[label]`) while the note still defines that label with the
 * same destination, and inline `[text](url "title")` otherwise.
 */
import type { MarkdownSerializer } from 'prosemirror-markdown';
import type { Attrs, Mark, Node as PMNode } from 'prosemirror-model';
import { escapeLine } from './escape';
import { labelText, normalizeReference } from './markdown-it-setup';
import { internals, opts, type State } from './serializer-state';

type MarkSerializerSpec = ConstructorParameters<typeof MarkdownSerializer>[1][string];

function destination(href: string): string {
  if (href === '' || /[\s<>]/.test(href)) return '<' + href.replace(/[<>\\]/g, '\\$&') + '>';
  return href.replace(/[()\\]/g, '\\$&');
}

function titlePart(title: string | null): string {
  return title ? ` "${title.replace(/["\\]/g, '\\$&')}"` : '';
}

function inlineTarget(attrs: Attrs, url: string): string {
  return `](${destination(url)}${titlePart(attrs.title as string | null)})`;
}

/** The label to write a reference link with, or null when it must be written inline. */
function usableLabel(state: State, attrs: Attrs, url: string): string | null {
  const label = attrs.refLabel as string | null;
  if (!attrs.refStyle || label === null || opts(state).inlineLinks) return null;
  const definition = opts(state).references?.[normalizeReference(label)];
  if (!definition || definition.href !== url) return null;
  return (definition.title || null) === ((attrs.title as string | null) || null) ? label : null;
}

/** The end of a reference link or image whose text was written as `text`. */
function referenceEnd(style: string, label: string, text: string): string {
  if (style === 'full' || normalizeReference(text) !== normalizeReference(label)) return `][${label}]`;
  return style === 'collapsed' ? '][]' : ']';
}

/** Writes an image node. */
export function imageNode(state: State, node: PMNode): void {
  const alt = escapeLine((node.attrs.alt as string) ?? '', false, 'full').replace(/\n/g, ' ');
  const src = node.attrs.src as string;
  const label = usableLabel(state, node.attrs, src);
  if (label === null) {
    state.write(`![${alt}${inlineTarget(node.attrs, src)}`);
  } else if (node.attrs.refStyle !== 'full' && labelText(label) === node.attrs.alt) {
    // `![*foo* bar]` has alt "foo bar": write the label as it was, not the flattened alt.
    state.write(`![${label}${node.attrs.refStyle === 'collapsed' ? '][]' : ']'}`);
  } else {
    state.write(`![${alt}][${label}]`);
  }
}

function isAutolink(mark: Mark, parent: PMNode, index: number): boolean {
  const href = mark.attrs.href as string;
  if (mark.attrs.title || mark.attrs.refStyle || !/^[a-z][a-z0-9+.-]{1,31}:[^\s<>]*$/i.test(href))
    return false;
  const child = parent.child(index);
  const text = child.text ?? '';
  if (!child.isText || (text !== href && 'mailto:' + text !== href)) return false;
  if (child.marks[child.marks.length - 1] !== mark) return false;
  return index === parent.childCount - 1 || !mark.isInSet(parent.child(index + 1).marks);
}

/** Where each open link's text starts in the output, to compare it with its label at the end. */
const linkStarts = new WeakMap<State, number[]>();

/** The serializer spec of the link mark. */
export const linkMark: MarkSerializerSpec = {
  open(state, mark, parent, index) {
    internals(state).inAutolink = isAutolink(mark, parent, index);
    const starts = linkStarts.get(state) ?? [];
    linkStarts.set(state, starts);
    starts.push(internals(state).out.length + 1);
    return internals(state).inAutolink ? '<' : '[';
  },
  close(state, mark) {
    const auto = internals(state).inAutolink;
    internals(state).inAutolink = undefined;
    const start = linkStarts.get(state)?.pop() ?? internals(state).out.length;
    if (auto) return '>';
    const href = mark.attrs.href as string;
    const label = usableLabel(state, mark.attrs, href);
    if (label === null) return inlineTarget(mark.attrs, href);
    return referenceEnd(mark.attrs.refStyle as string, label, internals(state).out.slice(start));
  },
  mixable: true
};
