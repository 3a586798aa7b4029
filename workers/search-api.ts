/**
 * The search part of the workspace API: full-text search for the search box (full-text-api.ts), Related notes and the
 * semantic index's status, progress subscription, pause/resume and embedder choice for the UI.
 */
import { AppError } from '$lib/core';
import type {
  EmbedderConfig,
  RelatedNotesAnswer,
  SemanticListener,
  SemanticSnapshot,
  SemanticStatusReport
} from '$lib/rpc';
import { createFullTextApi } from './full-text-api';
import type { WorkspaceServices } from './services';

/** Builds the search methods of the workspace API. */
export function createSearchApi(services: WorkspaceServices) {
  const { semantic } = services;
  const subscriptions = new Map<number, () => void>();
  let nextSubscription = 1;

  return {
    ...createFullTextApi(services),

    /** The notes nearest in meaning to `noteId`, best first. */
    async relatedNotes(noteId: string, k = 5): Promise<RelatedNotesAnswer> {
      const search = semantic.search;
      if (!search) return { available: false, notes: [] };
      if (!Number.isInteger(k) || k < 1 || k > 50)
        throw new AppError('invalid_argument', `k must be an integer from 1 to 50, got ${k}.`);
      const hits = await search.relatedNotes(noteId, k);
      return {
        available: true,
        notes: hits.map((hit) => ({ id: hit.note_id, title: hit.title, score: hit.score }))
      };
    },

    /** The semantic index's state and size. */
    semanticStatus(): Promise<SemanticStatusReport> {
      return semantic.status();
    },

    /** Calls `listener` (a Comlink proxy) with every state change, starting now; returns an id for `unsubscribeSemantic`. */
    subscribeSemantic(listener: SemanticListener): number {
      const id = nextSubscription++;
      const send = (snapshot: SemanticSnapshot) => {
        // A page that went away (or a dead proxy) ends its subscription.
        Promise.resolve(listener(snapshot)).catch(() => subscriptions.get(id)?.());
      };
      const stop = semantic.subscribe(send);
      subscriptions.set(id, () => {
        stop();
        subscriptions.delete(id);
      });
      send(semantic.snapshot());
      return id;
    },

    /** Ends a subscription; returns whether it existed. */
    unsubscribeSemantic(id: number): boolean {
      const stop = subscriptions.get(id);
      stop?.();
      return !!stop;
    },

    /** Holds background indexing before its next batch. */
    pauseIndexing(): SemanticSnapshot {
      semantic.pause();
      return semantic.snapshot();
    },

    /** Lets background indexing go on. */
    resumeIndexing(): SemanticSnapshot {
      semantic.resume();
      return semantic.snapshot();
    },

    /** Stores and applies the embedder choice (all tabs follow); indexing starts in the background. */
    configureEmbedder(config: EmbedderConfig): Promise<SemanticSnapshot> {
      return semantic.configure(config);
    }
  };
}
