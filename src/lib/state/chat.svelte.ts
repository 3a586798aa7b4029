/**
 * The AI sidebar's state: one conversation per note, plus the workspace conversation when no note is
 * open, each stored in the `chats` table. A turn runs in the workspace worker (`runTurn`); its
 * streamed text arrives through a Comlink proxy and is applied once per animation frame, so a fast
 * model does not re-render the transcript for every token.
 *
 * Stop asks the worker to cancel the turn (`cancel(callId)`), which answers with the turn as far as
 * it got; if the worker does not answer within STOP_GRACE_MS the page gives up waiting. A crash of
 * the worker rejects the call (the client restarts the worker), and the turn shows that it failed.
 */
import * as Comlink from 'comlink';
import type { ChatRecord, FolioDatabase } from '$lib/db';
import { getChat, newChat, saveChat, deleteChats, WORKSPACE_CHAT } from '$lib/db';
import type { LoadProgress } from '$lib/llm';
import {
  getWorkspace,
  newCallId,
  type TurnListener,
  type TurnOutcome,
  type WorkerClient,
  type WorkspaceApi
} from '$lib/rpc';
import {
  attemptsOf,
  chatTitle,
  failedTurn,
  finishedTurn,
  historyOf,
  restoreTurns,
  upsertTool,
  type ChatTurn
} from './chat-turns';
import { loadProviderSettings, missingSetting, toAgentSettings } from './provider-settings';
import { reviewQueueFor, type ReviewQueue } from './review.svelte';

/** A turn may run this long (many model calls, a model download) before the page gives up. */
export const TURN_TIMEOUT_MS = 15 * 60_000;
/** How long Stop waits for the worker's partial turn before it stops waiting. */
export const STOP_GRACE_MS = 1_000;

/** One conversation (a note's, or the workspace's) and its turns. */
export class Conversation {
  turns: ChatTurn[] = $state.raw([]);
  loaded = $state(false);
  /** The turn running now, if any. */
  readonly running = $derived(this.turns.find((t) => t.status === 'running'));
  /** A storage error while saving, shown as an alert. */
  saveError: string | null = $state(null);
  #record: ChatRecord;

  constructor(
    private readonly db: FolioDatabase,
    readonly noteId: string
  ) {
    this.#record = newChat(noteId);
  }

  /** Reads the stored conversation. */
  async load(): Promise<void> {
    const stored = await getChat(this.db, this.noteId);
    if (stored) {
      this.#record = stored;
      // A turn started before the load finished goes after the stored ones.
      this.turns = [...restoreTurns(stored.messages), ...this.turns];
    }
    this.loaded = true;
  }

  /** Replaces one turn (by id). */
  update(id: string, change: (turn: ChatTurn) => ChatTurn): void {
    this.turns = this.turns.map((t) => (t.id === id ? change(t) : t));
  }

  /** Stores the conversation; a failure is shown, and the next save tries again. */
  async save(): Promise<void> {
    try {
      this.#record = await saveChat(this.db, {
        ...this.#record,
        title: chatTitle(this.turns),
        messages: $state.snapshot(this.turns)
      });
      this.saveError = null;
    } catch (error) {
      this.saveError = `Could not save this conversation: ${(error as Error).message}`;
    }
  }

  /** Forgets every turn (New chat): the stored conversation is deleted. */
  async clear(): Promise<void> {
    this.turns = [];
    this.#record = newChat(this.noteId);
    await deleteChats(this.db, this.noteId);
  }
}

/** Streamed text waiting for the next animation frame. */
class DeltaBuffer {
  #text = '';
  #frame: number | undefined;
  constructor(private readonly apply: (text: string) => void) {}

  push(text: string): void {
    this.#text += text;
    this.#frame ??= requestAnimationFrame(() => this.flush());
  }

  flush(): void {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
    const text = this.#text;
    this.#text = '';
    if (text) this.apply(text);
  }
}

/** The sidebar's state for the tab. */
export class ChatState {
  /** The conversation shown: the open note's, or the workspace's. */
  conversation: Conversation = $state.raw(null as unknown as Conversation);
  /** WebLLM download progress while a turn loads the model. */
  progress: LoadProgress | null = $state.raw(null);
  #conversations = new Map<string, Conversation>();
  #stops = new Map<string, () => void>();
  /** Consent asked of the user (a destructive call after plugin output), by the model's call id. */
  #consents = new Map<string, (allowed: boolean) => void>();

  constructor(
    private readonly db: FolioDatabase,
    private readonly workspace: () => WorkerClient<WorkspaceApi>,
    /** The open note's review queue: a note's turns get its context and session tools from it. */
    private readonly review?: ReviewQueue
  ) {
    this.follow(WORKSPACE_CHAT);
    if (review) {
      review.onReask = (noteId, proposal) => {
        this.follow(noteId);
        const where = proposal.summary ? ` (${proposal.summary})` : '';
        void this.send(
          `The note changed where your ${proposal.tool} edit${where} applied before I reviewed it. Please propose it again against the note as it is now.`
        );
      };
    }
  }

  /** Shows the conversation of a note ('' for the workspace's), loading it on first use. */
  follow(noteId: string): void {
    if (this.conversation?.noteId === noteId) return;
    let conversation = this.#conversations.get(noteId);
    if (!conversation) {
      conversation = new Conversation(this.db, noteId);
      this.#conversations.set(noteId, conversation);
      void conversation.load();
    }
    this.conversation = conversation;
  }

  /** Sends a message in the shown conversation. */
  async send(text: string): Promise<void> {
    const conversation = this.conversation;
    if (!text.trim() || conversation.running) return;
    const turn: ChatTurn = {
      id: newCallId(),
      user: text,
      reply: '',
      tools: [],
      status: 'running',
      messages: []
    };
    const history = historyOf(conversation.turns);
    conversation.turns = [...conversation.turns, turn];
    await this.#run(conversation, turn.id, history);
  }

  /**
   * Runs a failed or stopped turn again, at the end, with the same message. What the first attempt
   * did stays in the history (as the new turn's `earlier`), so its writes are not made twice.
   */
  async retry(turnId: string): Promise<void> {
    const conversation = this.conversation;
    const at = conversation.turns.findIndex((t) => t.id === turnId);
    if (at < 0 || conversation.running) return;
    const old = conversation.turns[at];
    const earlier = attemptsOf(old);
    const turn: ChatTurn = {
      id: newCallId(),
      user: old.user,
      reply: '',
      tools: [],
      status: 'running',
      messages: [],
      ...(earlier.length ? { earlier } : {})
    };
    const history = [
      ...historyOf(conversation.turns.slice(0, at)),
      ...historyOf(conversation.turns.slice(at + 1)),
      ...earlier
    ];
    conversation.turns = [...conversation.turns.slice(0, at), ...conversation.turns.slice(at + 1), turn];
    await this.#run(conversation, turn.id, history);
  }

  /** The user's answer to an inline confirmation (`Allow` / `Deny` on a tool call). */
  answerConsent(callId: string, allowed: boolean): void {
    const answer = this.#consents.get(callId);
    this.#consents.delete(callId);
    answer?.(allowed);
  }

  /** Stops the running turn of the shown conversation. */
  stop(): void {
    const running = this.conversation.running;
    if (running) this.#stops.get(running.id)?.();
  }

  /** Starts the shown conversation afresh (not while a turn runs). */
  async newChat(): Promise<void> {
    if (!this.conversation.running) await this.conversation.clear();
  }

  async #run(
    conversation: Conversation,
    turnId: string,
    history: ReturnType<typeof historyOf>
  ): Promise<void> {
    const settings = await loadProviderSettings(this.db);
    const missing = missingSetting(settings);
    if (missing) return this.#end(conversation, turnId, { ok: false, reason: 'settings', message: missing });
    const noteId = conversation.noteId;
    const session = noteId ? this.review?.startTurn(noteId) : null;
    // The callbacks travel on their own MessagePort, so one may arrive after the turn's answer: ignore it.
    let ended = false;
    const change = (edit: (t: ChatTurn) => ChatTurn) => !ended && conversation.update(turnId, edit);
    const deltas = new DeltaBuffer((piece) => change((t) => ({ ...t, reply: t.reply + piece })));
    const listener: TurnListener = {
      onDelta: (delta) => {
        if (ended) return;
        if (delta.type === 'text') deltas.push(delta.text);
        else session?.onToolDelta(delta);
      },
      onToolCall: (entry) => change((t) => ({ ...t, tools: upsertTool(t.tools, entry) })),
      onToolResult: (entry) => change((t) => ({ ...t, tools: upsertTool(t.tools, entry) })),
      onProgress: (progress) => (this.progress = progress.fraction < 1 && !ended ? progress : null),
      // The call waits (its transcript entry shows `Allow` / `Deny`) until the user answers or the turn ends.
      confirmToolCall: (request) =>
        ended ? false : new Promise<boolean>((resolve) => this.#consents.set(request.callId, resolve))
    };
    const client = this.workspace();
    const giveUp = new AbortController();
    this.#stops.set(turnId, () => {
      client.api.cancel(turnId).catch(() => {});
      setTimeout(() => giveUp.abort(), STOP_GRACE_MS);
    });
    // A note's turn runs with its context and session tools when its editor is mounted; the
    // review outcomes of earlier proposals go with the message.
    const editOutcomes = noteId ? (this.review?.outcomes.take(noteId) ?? []) : [];
    const text = conversation.turns.find((t) => t.id === turnId)!.user;
    const message = editOutcomes.length ? { text, editOutcomes } : text;
    const request = {
      callId: turnId,
      settings: toAgentSettings(settings),
      context: session?.context ?? {},
      history,
      message
    };
    const args = session
      ? ([request, Comlink.proxy(listener), Comlink.proxy(session.host)] as const)
      : ([request, Comlink.proxy(listener)] as const);
    let outcome: TurnOutcome;
    try {
      outcome = await client.call('runTurn', [...args], {
        timeoutMs: TURN_TIMEOUT_MS,
        signal: giveUp.signal
      });
    } catch (error) {
      const stopped = giveUp.signal.aborted;
      outcome = {
        ok: false,
        reason: stopped ? 'aborted' : 'model',
        message: stopped ? 'Stopped.' : (error as Error).message
      };
    } finally {
      this.#stops.delete(turnId);
      for (const entry of conversation.turns.find((t) => t.id === turnId)?.tools ?? [])
        this.answerConsent(entry.id, false);
      this.progress = null;
      deltas.flush();
      ended = true;
      session?.end();
    }
    const turnResult = outcome.ok ? outcome.result : outcome.partial;
    if (turnResult) this.review?.linkCalls(turnResult.edits);
    // A failed turn leaves the history, and the outcomes it carried with it: keep them for the next.
    if (!outcome.ok) this.review?.outcomes.restore(noteId, editOutcomes);
    await this.#end(conversation, turnId, outcome);
  }

  async #end(conversation: Conversation, turnId: string, outcome: TurnOutcome): Promise<void> {
    if (outcome.ok) conversation.update(turnId, (t) => finishedTurn(t, outcome.result));
    else if (outcome.reason === 'aborted')
      conversation.update(turnId, (t) => failedTurn(t, 'stopped', undefined, outcome.partial));
    else {
      const needsSettings = outcome.reason === 'settings' || undefined;
      conversation.update(turnId, (t) => ({
        ...failedTurn(t, 'failed', outcome.message, outcome.partial),
        needsSettings
      }));
    }
    await conversation.save();
  }
}

const chats = new WeakMap<object, ChatState>();

/** The tab's chat state, created on first use and kept while the sidebar is closed. */
export function chatStateFor(
  owner: { db: FolioDatabase },
  workspace: () => WorkerClient<WorkspaceApi> = getWorkspace
): ChatState {
  let state = chats.get(owner);
  if (!state) {
    state = new ChatState(owner.db, workspace, reviewQueueFor(owner));
    chats.set(owner, state);
  }
  return state;
}
