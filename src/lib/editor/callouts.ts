/*
 * Obsidian callouts, `> [!warning]- Title`: a quote whose first line names a callout type is
 * drawn as a callout (a decoration: the text stays exactly as written, `[!type]` included, so it
 * is edited and saved like any quote).
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

const CALLOUT = /^\[!([A-Za-z][\w-]*)\][+-]?(?:\s|$)/;

function decorations(doc: PMNode): DecorationSet {
  const found: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name !== 'blockquote') return node.isBlock && !node.isTextblock;
    const type = CALLOUT.exec(node.firstChild?.textContent ?? '')?.[1];
    if (type)
      found.push(
        Decoration.node(pos, pos + node.nodeSize, { class: 'callout', 'data-callout': type.toLowerCase() })
      );
    return true;
  });
  return DecorationSet.create(doc, found);
}

/** The plugin that draws callouts. */
export function calloutPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    state: {
      init: (_config, state) => decorations(state.doc),
      apply: (tr, set) => (tr.docChanged ? decorations(tr.doc) : set)
    },
    props: {
      decorations(state) {
        return this.getState(state);
      }
    }
  });
}
