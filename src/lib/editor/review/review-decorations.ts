/*
 * How a pending proposal is drawn: the text it removes struck through (inline decorations, plus a
 * node decoration on whole blocks it removes), the text it inserts highlighted (a widget holding the
 * new content rendered by the schema), and after it a `Suggested edit` group with Accept and Reject
 * (Reject and Ask again once the user changed the text there). A conflict is drawn otherwise: the
 * user's words that differ marked (not struck: they are kept unless the user chooses), then a
 * `Conflict` group showing the other version whole, with Keep mine, Keep theirs and Keep both.
 * Widgets are not editable and keep their events to themselves, so clicking a button never moves
 * the cursor.
 */
import { DOMSerializer, type Fragment, type Node as PMNode } from 'prosemirror-model';
import { Decoration } from 'prosemirror-view';
import type { ConflictChoice, Proposal } from './review-types';
import { liveWidget, type LiveDrawing } from './live-widgets';
import { patchChildren } from './patch-children';

/** What the buttons of a suggestion do. */
export interface ReviewHandlers {
  onAccept?(id: string): void;
  onReject?(id: string): void;
  /** Asks the model again for a proposal that went stale. */
  onReask?(id: string): void;
  /** Resolves a conflict. */
  onKeep?(id: string, choice: ConflictChoice): void;
}

function button(
  label: string,
  title: string,
  run: (() => void) | undefined,
  disabled = false
): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.textContent = label;
  el.title = title;
  el.className = `folio-suggest-${label.toLowerCase().replace(/\s+/g, '-')}`;
  el.disabled = disabled || !run;
  // Keep the editor's selection and focus where they are.
  el.addEventListener('mousedown', (event) => event.preventDefault());
  el.addEventListener('click', (event) => {
    event.preventDefault();
    run?.();
  });
  return el;
}

/** The group's element; its label and buttons are filled by fillGroup. */
function groupElement(): HTMLElement {
  const group = document.createElement('span');
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'Suggested edit');
  group.contentEditable = 'false';
  return group;
}

/** The group of a suggestion: what state it is in, then its buttons. */
function fillGroup(group: HTMLElement, proposal: Proposal, handlers: ReviewHandlers): void {
  // ProseMirror's own class on the widget stays.
  const kept = group.classList.contains('ProseMirror-widget') ? ' ProseMirror-widget' : '';
  group.className = `folio-suggest-group${proposal.stale ? ' stale' : ''}${proposal.draft ? ' draft' : ''}${kept}`;
  group.dataset.editId = proposal.id;
  const label = document.createElement('span');
  label.className = 'folio-suggest-label';
  label.textContent = proposal.draft
    ? 'Writing…'
    : proposal.stale
      ? 'Changed since suggested'
      : 'Suggested edit';
  group.replaceChildren(label);
  if (proposal.draft) return;
  const id = proposal.id;
  if (proposal.stale) {
    group.append(
      button(
        'Ask again',
        'Ask the assistant for this edit again',
        handlers.onReask && (() => handlers.onReask!(id))
      )
    );
  } else {
    group.append(
      button('Accept', 'Apply this edit (one undo step)', handlers.onAccept && (() => handlers.onAccept!(id)))
    );
  }
  group.append(button('Reject', 'Drop this edit', handlers.onReject && (() => handlers.onReject!(id))));
}

const isInline = (content: Fragment) => content.childCount > 0 && content.firstChild!.isInline;

/** The element that holds inserted content (without the content). */
function insertionElement(inline: boolean): HTMLElement {
  const el = document.createElement(inline ? 'ins' : 'div');
  el.className = `folio-suggest-ins${inline ? '' : ' block'}`;
  el.contentEditable = 'false';
  return el;
}

const sameContent = (a: unknown, b: unknown) => (a as Fragment).eq(b as Fragment);
const sameText = (a: unknown, b: unknown) => a === b;

function deletions(doc: PMNode, from: number, to: number, id: string): Decoration[] {
  const decorations = [Decoration.inline(from, to, { class: 'folio-suggest-del' }, { id })];
  doc.nodesBetween(from, to, (node, pos) => {
    if (node.isBlock && pos >= from && pos + node.nodeSize <= to) {
      decorations.push(
        Decoration.node(pos, pos + node.nodeSize, { class: 'folio-suggest-del-block' }, { id })
      );
      return false;
    }
    return true;
  });
  return decorations;
}

const ignore = { ignoreSelection: true, stopEvent: () => true };

function conflictWidget(proposal: Proposal, doc: PMNode, handlers: ReviewHandlers): HTMLElement {
  const group = document.createElement('div');
  group.className = `folio-conflict${proposal.stale ? ' stale' : ''}`;
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'Conflict');
  group.contentEditable = 'false';
  group.dataset.editId = proposal.id;
  const mine = proposal.detail?.mine ?? 'you';
  const theirsBy = proposal.detail?.theirs ?? 'another writer';
  const label = document.createElement('p');
  label.className = 'folio-conflict-label';
  label.textContent = proposal.stale
    ? `Conflict: this text changed since. The other version, by ${theirsBy}:`
    : `Conflict: two versions of this text. The note shows the one by ${mine}. The other, by ${theirsBy}:`;
  const theirs = document.createElement('div');
  theirs.className = 'folio-conflict-theirs';
  if (proposal.shown && proposal.shown.size > 0)
    theirs.append(DOMSerializer.fromSchema(doc.type.schema).serializeFragment(proposal.shown));
  else theirs.textContent = '(they removed this text)';
  const buttons = document.createElement('div');
  buttons.className = 'folio-conflict-buttons';
  const keep = (choice: ConflictChoice) => handlers.onKeep && (() => handlers.onKeep!(proposal.id, choice));
  buttons.append(button('Keep mine', 'Keep your version; theirs stays in the note’s history', keep('mine')));
  if (!proposal.stale)
    buttons.append(button('Keep theirs', 'Put their version here (one undo step)', keep('theirs')));
  buttons.append(button('Keep both', 'Keep yours and add theirs after it (one undo step)', keep('both')));
  group.append(label, theirs, buttons);
  return group;
}

function conflictDecorations(doc: PMNode, proposal: Proposal, handlers: ReviewHandlers): Decoration[] {
  const decorations: Decoration[] = [];
  const { change, mapping, id } = proposal;
  let end = proposal.to;
  for (const r of change.replacements) {
    const from = mapping.map(r.from, 1);
    const to = Math.max(from, mapping.map(r.to, -1));
    end = Math.max(end, to);
    if (to > from) decorations.push(Decoration.inline(from, to, { class: 'folio-conflict-mine' }, { id }));
  }
  // After the block the conflict ends in, so the group sits between blocks.
  const $end = doc.resolve(Math.min(end, doc.content.size));
  const at = $end.depth > 0 ? $end.after(1) : $end.pos;
  const key = `${id}:conflict:${proposal.stale ? 's' : ''}`;
  decorations.push(
    Decoration.widget(at, () => conflictWidget(proposal, doc, handlers), { ...ignore, side: 2, key, id })
  );
  return decorations;
}

/** The decorations of one proposal on the current document. */
export function proposalDecorations(doc: PMNode, proposal: Proposal, handlers: ReviewHandlers): Decoration[] {
  if (proposal.kind === 'conflict') return conflictDecorations(doc, proposal, handlers);
  const decorations: Decoration[] = [];
  const { change, mapping } = proposal;
  // Keys and specs name the proposal's slot: a finished call takes over its last draft's, so the
  // view keeps the draft's elements and only their content is refreshed (live-widgets.ts).
  const slot = proposal.slot ?? proposal.id;
  let end = proposal.to;
  change.replacements.forEach((r, i) => {
    const from = mapping.map(r.from, 1);
    const to = Math.max(from, mapping.map(r.to, -1));
    end = Math.max(end, to);
    if (to > from) decorations.push(...deletions(doc, from, to, slot));
    if (r.slice.content.size === 0) return;
    const content = r.slice.content;
    const inline = isInline(content);
    const drawing: LiveDrawing = {
      shows: content,
      same: sameContent,
      create: () => insertionElement(inline),
      // The text grows a little each frame: what was drawn stays, only its changes are made.
      fill: (el) => patchChildren(el, DOMSerializer.fromSchema(doc.type.schema).serializeFragment(content))
    };
    const key = `${slot}:ins:${i}:${inline ? 'inline' : 'block'}`;
    decorations.push(liveWidget(to, drawing, { ...ignore, side: 1, key, slot }));
  });
  const group: LiveDrawing = {
    shows: `${proposal.id} ${proposal.draft ? 'draft' : ''}`,
    same: sameText,
    create: groupElement,
    fill: (el) => fillGroup(el, proposal, handlers)
  };
  // A stale proposal's group is drawn anew (its buttons change, and nothing streams there).
  const key = `${slot}:group:${proposal.stale ? 's' : ''}`;
  decorations.push(liveWidget(end, group, { ...ignore, side: 2, key, slot }));
  return decorations;
}
