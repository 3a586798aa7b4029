/*
 * Pasted blocks keep their kind.
 *
 * ProseMirror reads pasted text or foreign HTML as a slice open as deep as it goes and fits its
 * first and last blocks into the textblocks around the caret: `# Plan\n\nFirst step` pasted in the
 * middle of a paragraph lost its heading, `Plan` running on in the paragraph, and a code block
 * pasted there became paragraph text. Here a side of the slice whose open block is not a plain
 * paragraph is closed, unless it lands in a block of its own kind: the paragraph splits at the
 * caret and the heading, list, quote or code block goes in whole. A pasted plain paragraph still
 * merges (a few words pasted mid-sentence stay in the sentence), and so do a list pasted into a
 * list item (its items become the list's items), a quote into a quote and a heading into a
 * heading of its level.
 *
 * A slice copied from a ProseMirror editor (its HTML says `data-pm-slice`) is left alone: there the
 * open sides are what the user selected (the tail of a heading's text), not a guess.
 */
import { Fragment, Slice, type Node as PMNode, type NodeType, type ResolvedPos } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';

/** The nodes a slice is open through on one side, outermost first. */
function openNodes(slice: Slice, side: 'start' | 'end'): PMNode[] {
  const nodes: PMNode[] = [];
  const depth = side === 'start' ? slice.openStart : slice.openEnd;
  let node = side === 'start' ? slice.content.firstChild : slice.content.lastChild;
  for (let d = 0; d < depth && node; d++) {
    nodes.push(node);
    node = side === 'start' ? node.firstChild : node.lastChild;
  }
  return nodes;
}

const LISTS = new Set(['bullet_list', 'ordered_list']);

/**
 * True when a pasted node may join `target` and keep its kind: a heading of the same level, a
 * list into any list (its items join the list as items, as pasting into a list does elsewhere).
 */
function sameKind(pasted: PMNode, target: PMNode): boolean {
  if (LISTS.has(pasted.type.name)) return LISTS.has(target.type.name);
  if (pasted.type !== target.type) return false;
  return pasted.type.name !== 'heading' || pasted.attrs.level === target.attrs.level;
}

/** True when a side of the slice may stay open where it lands at `$pos`; see the module comment. */
function mayStayOpen(open: PMNode[], $pos: ResolvedPos): boolean {
  if (open.length === 0) return true;
  if (open.length === 1 && open[0].type.name === 'paragraph') return true;
  if (open.length > $pos.depth) return false;
  const base = $pos.depth - open.length + 1;
  return open.every((node, i) => sameKind(node, $pos.node(base + i)));
}

/**
 * True when a whole `type` block fits beside the textblock at `$pos` without leaving an isolating
 * node: in a table cell, which holds one line, pasted blocks stay merged as ProseMirror fits them
 * rather than splitting the table.
 */
function fitsBeside(type: NodeType, $pos: ResolvedPos): boolean {
  for (let d = $pos.depth - 1; d >= 0; d--) {
    if ($pos.node(d + 1).type.spec.isolating) return false;
    const after = $pos.index(d) + 1;
    if ($pos.node(d).canReplaceWith(after, after, type)) return true;
  }
  return false;
}

/**
 * Closes one side of a fragment open `open` deep (as prosemirror-view closes pasted HTML), filling
 * in content a node needs to be whole: a slice parsed from foreign HTML may lack it.
 */
function closeSide(fragment: Fragment, side: 'start' | 'end', open: number, depth = 0): Fragment {
  const index = side === 'start' ? 0 : fragment.childCount - 1;
  const node = fragment.child(index);
  let inner = node.content;
  if (depth < open - 1) inner = closeSide(inner, side, open, depth + 1);
  inner =
    side === 'start'
      ? (node.contentMatchAt(0).fillBefore(inner, true) ?? Fragment.empty).append(inner)
      : inner.append(node.contentMatchAt(node.childCount).fillBefore(Fragment.empty, true) ?? Fragment.empty);
  return fragment.replaceChild(index, node.copy(inner));
}

/**
 * The pasted slice as it should be inserted over `$from`..`$to`: closed on each side whose open
 * block would otherwise be merged into a block of another kind. Returns `slice` itself when it
 * may be pasted as it is (in a code block pasted text is only text).
 */
function fitPastedSlice(slice: Slice, $from: ResolvedPos, $to: ResolvedPos): Slice {
  if ($from.parent.type.spec.code || slice.size === 0) return slice;
  const closeStart =
    !mayStayOpen(openNodes(slice, 'start'), $from) && fitsBeside(slice.content.firstChild!.type, $from);
  const closeEnd =
    !mayStayOpen(openNodes(slice, 'end'), $to) && fitsBeside(slice.content.lastChild!.type, $to);
  if (!closeStart && !closeEnd) return slice;
  let content = slice.content;
  if (closeStart) content = closeSide(content, 'start', slice.openStart);
  if (closeEnd) content = closeSide(content, 'end', slice.openEnd);
  return new Slice(content, closeStart ? 0 : slice.openStart, closeEnd ? 0 : slice.openEnd);
}

/** The plugin that pastes blocks whole where ProseMirror would merge them; see the module comment. */
export function pasteBlocksPlugin(): Plugin {
  return new Plugin({
    props: {
      handlePaste(view, event, slice) {
        const data = event.clipboardData;
        if (typeof data?.getData === 'function' && data.getData('text/html').includes('data-pm-slice'))
          return false;
        const { $from, $to } = view.state.selection;
        const fitted = fitPastedSlice(slice, $from, $to);
        if (fitted === slice) return false;
        // As ProseMirror's own paste inserts it (doPaste): a single whole node goes in beside the
        // textblock when the caret is at its start or end, rather than splitting it.
        const single = fitted.openStart === 0 && fitted.openEnd === 0 && fitted.content.childCount === 1;
        const tr = single
          ? view.state.tr.replaceSelectionWith(fitted.content.firstChild!, false)
          : view.state.tr.replaceSelection(fitted);
        view.dispatch(tr.scrollIntoView().setMeta('paste', true).setMeta('uiEvent', 'paste'));
        return true;
      }
    }
  });
}
