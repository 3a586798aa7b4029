/**
 * The tab's review of AI edits: connects the mounted note editor's review queue (ProseMirror
 * plugin, $lib/editor) to the app. It mirrors the pending count for `Accept all` / `Reject all`,
 * runs Accept and Reject (saving an accepted edit as the AI's, so the note's history keeps the
 * version before it), records each outcome for the model's next turn, and sets up each chat turn's
 * session tools on the open note.
 */
import type { EditOutcome, SessionEdit } from '$lib/agent';
import {
  ACCEPTED_EDIT_META,
  acceptEdits,
  pendingProposals,
  rejectEdits,
  reviewPlugin,
  type FolioEditor,
  type Proposal
} from '$lib/editor';
import type { Plugin } from 'prosemirror-state';
import type { FolioDatabase } from '$lib/db';
import { ConflictView } from './conflict-view';
import { NoteSuggestions, type NoteSuggestion } from './note-suggestions.svelte';
import { proposeOpenNoteWrite } from './open-note-writes';
import type { NoteSession } from './note-session.svelte';
import { OutcomeQueue, startSessionTurn, type SessionTurnHandle } from './session-tools';

/** The revision label an accepted AI edit leaves in the note's history. */
export const ACCEPTED_EDIT_LABEL = 'Accepted AI edit';

interface Mounted {
  editor: FolioEditor;
  session: NoteSession;
  conflicts?: ConflictView;
  context?: ReviewContext;
}

/** What `attach` needs besides the editor: the database (for conflicts) and where failures go. */
export interface ReviewContext {
  db: FolioDatabase;
  report(what: string, error: unknown): void;
}

/** See the module comment. One per tab. */
export class ReviewQueue {
  /** Pending proposals that can be accepted. */
  acceptable = $state(0);
  /** All pending proposals (stale ones included; conflicts not). */
  pending = $state(0);
  /** Conflicts shown in the open note. */
  conflicts = $state(0);
  /** Suggested changes of the open note that are not body text (title, tags, move, trash): cards. */
  readonly cards = new NoteSuggestions();
  /** Inline proposals, for the counts with the cards. */
  #inline = $state({ pending: 0, acceptable: 0 });
  readonly outcomes = new OutcomeQueue();
  #mounted: Mounted | null = null;
  /** The model's call id of each proposal, once its turn finished. */
  #calls = new Map<string, string>();
  /** Asks the chat to propose a stale edit again (set by the chat state). */
  onReask: ((noteId: string, proposal: Proposal) => void) | null = null;

  /** The plugin to mount in a note editor; its buttons act on that editor. */
  plugin(): Plugin {
    return reviewPlugin({
      onAccept: (id) => this.accept([id]),
      onReject: (id) => this.reject([id]),
      onReask: (id) => this.reask(id),
      onKeep: (id, choice) => void this.#mounted?.conflicts?.keep(id, choice),
      onChange: (proposals) => {
        const edits = proposals.filter((p) => p.kind !== 'conflict');
        this.#inline = {
          pending: edits.filter((p) => !p.draft).length,
          acceptable: edits.filter((p) => !p.draft && !p.stale).length
        };
        this.#count();
        this.conflicts = proposals.length - edits.length;
      }
    });
  }

  /** Connects the editor of the open note (call `detach` when it goes); with `context`, its conflicts show. */
  attach(editor: FolioEditor, session: NoteSession, context?: ReviewContext): void {
    const conflicts = context && new ConflictView(context.db, editor, session, context.report);
    this.#mounted = { editor, session, conflicts, context };
    session.onSynced = () => conflicts?.place(true);
  }

  /** Disconnects an editor; its pending edits were never applied and are reported as not applied. */
  detach(editor: FolioEditor): void {
    if (this.#mounted?.editor !== editor) return;
    const { session, conflicts } = this.#mounted;
    conflicts?.stop();
    session.onSynced = null;
    for (const p of pendingProposals(editor.view.state))
      if (!p.draft && p.kind !== 'conflict') this.#record(session.id, p, 'rejected');
    for (const card of this.cards.take('all')) this.#record(session.id, card, 'rejected');
    this.#mounted = null;
    this.#inline = { pending: 0, acceptable: 0 };
    this.conflicts = 0;
    this.#count();
  }

  /** Sets up a chat turn about `noteId`, or null when that note's editor is not mounted. */
  startTurn(noteId: string): SessionTurnHandle | null {
    const mounted = this.#mounted;
    if (!mounted || mounted.session.id !== noteId) return null;
    const context = mounted.context;
    return startSessionTurn({
      editor: mounted.editor,
      noteId,
      title: mounted.session.title,
      isCurrent: () => this.#mounted === mounted,
      workspaceWrite: context
        ? (name, args, newId) =>
            proposeOpenNoteWrite(
              { editor: mounted.editor, session: mounted.session, db: context.db, cards: this.cards, newId },
              name,
              args
            ).finally(() => this.#count())
        : undefined
    });
  }

  /** Remembers which model call proposed each edit of a finished turn. */
  linkCalls(edits: readonly SessionEdit[]): void {
    for (const edit of edits) {
      const { editId, editIds } = edit.result.structuredContent ?? {};
      for (const id of Array.isArray(editIds) ? editIds : [editId])
        if (typeof id === 'string') this.#calls.set(id, edit.callId);
    }
  }

  /** Accepts proposals (ids, or all) in one transaction and saves the note as the AI's; cards too. */
  accept(ids: readonly string[] | 'all'): void {
    const mounted = this.#mounted;
    if (!mounted) return;
    void this.#acceptCards(mounted, ids);
    const { view } = mounted.editor;
    const before = pendingProposals(view.state);
    let accepted: string[] = [];
    acceptEdits(ids)(view.state, (tr) => {
      accepted = (tr.getMeta(ACCEPTED_EDIT_META) as string[] | undefined) ?? [];
      view.dispatch(tr);
    });
    for (const p of before) if (accepted.includes(p.id)) this.#record(mounted.session.id, p, 'accepted');
    if (accepted.length) void mounted.session.saveAs({ source: 'ai', label: ACCEPTED_EDIT_LABEL });
    mounted.session.refreshHistoryButtons();
  }

  /** Rejects proposals (ids, or all); the document is untouched. */
  reject(ids: readonly string[] | 'all'): void {
    const mounted = this.#mounted;
    if (!mounted) return;
    const { view } = mounted.editor;
    for (const card of this.cards.take(ids)) this.#record(mounted.session.id, card, 'rejected');
    this.#count();
    const chosen = pendingProposals(view.state).filter(
      (p) => !p.draft && p.kind !== 'conflict' && (ids === 'all' || ids.includes(p.id))
    );
    if (!rejectEdits(chosen.map((p) => p.id))(view.state, view.dispatch)) return;
    for (const p of chosen) this.#record(mounted.session.id, p, p.stale ? 'stale' : 'rejected');
  }

  /** Applies accepted cards one after another; a failure is reported and the card comes back. */
  async #acceptCards(mounted: Mounted, ids: readonly string[] | 'all'): Promise<void> {
    const taken = this.cards.take(ids);
    this.#count();
    // The trash last: it closes the note.
    for (const card of [...taken].sort(
      (a, b) => Number(a.tool === 'delete_note') - Number(b.tool === 'delete_note')
    )) {
      try {
        await card.apply();
        this.#record(mounted.session.id, card, 'accepted');
      } catch (error) {
        this.cards.add(card);
        this.#count();
        mounted.context?.report('Could not apply the suggested change', error);
      }
    }
  }

  #count(): void {
    this.pending = this.#inline.pending + this.cards.items.length;
    this.acceptable = this.#inline.acceptable + this.cards.items.length;
  }

  /** Drops a stale proposal and asks the model for it again. */
  reask(id: string): void {
    const mounted = this.#mounted;
    const proposal = mounted && pendingProposals(mounted.editor.view.state).find((p) => p.id === id);
    if (!mounted || !proposal) return;
    this.reject([id]);
    this.onReask?.(mounted.session.id, proposal);
  }

  #record(
    noteId: string,
    proposal: Pick<Proposal | NoteSuggestion, 'id' | 'tool' | 'summary'>,
    status: EditOutcome['status']
  ): void {
    const callId = this.#calls.get(proposal.id);
    this.outcomes.add(noteId, {
      ...(callId ? { callId } : {}),
      tool: proposal.tool,
      status,
      summary: proposal.summary
    });
  }
}

const queues = new WeakMap<object, ReviewQueue>();

/** The tab's review queue, created on first use. */
export function reviewQueueFor(owner: object): ReviewQueue {
  let queue = queues.get(owner);
  if (!queue) queues.set(owner, (queue = new ReviewQueue()));
  return queue;
}
