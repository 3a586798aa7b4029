/**
 * Test support for the tool tests (imported by *.test.ts only). The search capabilities here are
 * small but real implementations of the ToolContext interfaces, reading the same database, so the
 * tool tests do not depend on the full-text and semantic indexes being built:
 * - `wordSearch`: every word of the query must occur as a whole word in the title or body.
 * - `bagOfWordsSemantic`: cosine similarity of word-count vectors, one chunk per paragraph.
 */
import { ensureDefaultNotebook, type FolioDatabase } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { registerBuiltinTools } from './builtin';
import { createToolRegistry, type ToolRegistry } from './registry';
import type { FullTextSearch, SemanticHit, SemanticSearch, ToolContext, ToolResult } from './types';

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whole-word AND search over the notes not in the trash, newest first. */
export function wordSearch(db: FolioDatabase): FullTextSearch {
  return {
    async search(query, { limit }) {
      const wanted = words(query);
      const notes = await db.notes.filter((n) => !n.deleted_time).toArray();
      const found = notes
        .filter((n) => {
          const present = new Set(words(`${n.title} ${n.body}`));
          return wanted.length > 0 && wanted.every((w) => present.has(w));
        })
        .sort((a, b) => b.updated_time - a.updated_time);
      const results = found.slice(0, limit).map((n) => ({
        id: n.id,
        title: n.title,
        notebook_id: n.parent_id,
        updated_time: n.updated_time,
        score: 1,
        snippet: n.body.slice(0, 240)
      }));
      return { results, total: found.length };
    }
  };
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [word, count] of a) dot += count * (b.get(word) ?? 0);
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, c) => s + c * c, 0));
  return dot === 0 ? 0 : dot / (norm(a) * norm(b));
}

function vector(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Cosine similarity of word counts between the query and each paragraph of each live note. */
export function bagOfWordsSemantic(db: FolioDatabase): SemanticSearch {
  return {
    async search(query, { k, minScore, noteIds }) {
      const q = vector(query);
      const scope = noteIds ? new Set(noteIds) : undefined;
      const notes = await db.notes.filter((n) => !n.deleted_time && (!scope || scope.has(n.id))).toArray();
      const hits: SemanticHit[] = notes.flatMap((n) =>
        n.body.split(/\n\s*\n/).map((chunk_text, chunk_index) => ({
          note_id: n.id,
          chunk_index,
          chunk_text,
          score: cosine(q, vector(chunk_text))
        }))
      );
      return hits
        .filter((h) => h.score >= minScore)
        .sort((a, b) => b.score - a.score)
        .slice(0, k);
    }
  };
}

/** A fresh database with its default notebook, a registry with the built-in tools, and an AI context. */
export async function toolBench(options: { semantic?: boolean } = {}): Promise<{
  db: FolioDatabase;
  registry: ToolRegistry;
  ctx: ToolContext;
  notebookId: string;
  call: (id: string, input: unknown) => Promise<ToolResult>;
}> {
  const db = freshDb();
  const notebook = await ensureDefaultNotebook(db);
  const registry = createToolRegistry();
  registerBuiltinTools(registry);
  const ctx: ToolContext = {
    db,
    search: wordSearch(db),
    semantic: options.semantic ? bagOfWordsSemantic(db) : undefined,
    source: 'ai'
  };
  return { db, registry, ctx, notebookId: notebook.id, call: (id, input) => registry.call(id, input, ctx) };
}

/** The text of a result's first content block. */
export function textOf(result: ToolResult): string {
  return result.content[0]?.text ?? '';
}

/** The structured payload of a successful result; fails loudly on an error result. */
export function payloadOf<T = Record<string, any>>(result: ToolResult): T {
  if (result.isError) throw new Error(`Expected success, got error: ${textOf(result)}`);
  return result.structuredContent as T;
}
