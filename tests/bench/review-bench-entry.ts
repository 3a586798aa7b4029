// Browser side of the review benchmark (review-bench.mjs): a real note editor with the review queue
// on a 100 KB note, timing what the user waits for, each with a forced layout so drawing counts.
import { undo } from 'prosemirror-history';
import { Selection } from 'prosemirror-state';
import { createEditor, type FolioEditor } from '$lib/editor/create-editor';
import { parseMarkdown } from '$lib/editor/markdown';
import { acceptEdits, pendingProposals, rejectEdits, reviewPlugin } from '$lib/editor/review';
import { runSessionTool } from '$lib/editor/session-tools';

let ids = 0;
const turn = { newId: () => `b${++ids}` };

function layout(editor: FolioEditor): void {
  void editor.view.dom.getBoundingClientRect();
  void document.body.offsetHeight;
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
}

/** Anchors: distinct plain-text lines that occur once in the note, spread over it. */
function anchors(markdown: string, count: number): string[] {
  const lines = markdown.split('\n').filter((l) => /^[A-Za-z][^`*_[\]<>|#$\\~]{40,}$/.test(l));
  const unique = lines
    .map((l) => l.slice(0, 30))
    .filter((a, i, all) => markdown.indexOf(a) === markdown.lastIndexOf(a) && all.indexOf(a) === i);
  const step = Math.max(1, Math.floor(unique.length / count));
  return unique.filter((_, i) => i % step === 0).slice(0, count);
}

function propose(editor: FolioEditor, anchor: string): string {
  const result = runSessionTool(
    editor.view,
    'rewrite_paragraph',
    { anchor, text: anchor.toUpperCase() },
    turn
  );
  if (result.isError) throw new Error(result.content[0].text);
  return result.structuredContent!.editId as string;
}

/** Runs the benchmark on `markdown`; all times in ms. */
export function run(markdown: string, runs: number) {
  const host = document.createElement('div');
  document.body.append(host);
  const editor = createEditor(host, { markdown, plugins: [reviewPlugin()] });
  const picks = anchors(markdown, 24);
  if (picks.length < 21) throw new Error(`only ${picks.length} anchors`);
  const proposeMs: number[] = [];
  const acceptMs: number[] = [];
  const wholeDocMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const anchor = picks[i % picks.length];
    let id = '';
    proposeMs.push(time(() => ((id = propose(editor, anchor)), layout(editor))));
    rejectEdits([id])(editor.view.state, editor.view.dispatch);
    id = propose(editor, anchor);
    acceptMs.push(time(() => (acceptEdits([id])(editor.view.state, editor.view.dispatch), layout(editor))));
    undo(editor.view.state, editor.view.dispatch);
    // Peer: replacing the whole document in one plain transaction.
    const next = parseMarkdown(markdown.replace(anchor, anchor.toUpperCase()));
    wholeDocMs.push(
      time(() => {
        const state = editor.view.state;
        editor.view.dispatch(state.tr.replaceWith(0, state.doc.content.size, next.content));
        layout(editor);
      })
    );
    undo(editor.view.state, editor.view.dispatch);
  }
  const typing = (count: number) => {
    for (const anchor of picks.slice(0, count)) propose(editor, anchor);
    const pending = pendingProposals(editor.view.state).length;
    // Type at the end of the note, where no suggestion is.
    const state = editor.view.state;
    editor.view.dispatch(state.tr.setSelection(Selection.atEnd(state.doc)));
    const times: number[] = [];
    for (let i = 0; i < runs * 4; i++)
      times.push(time(() => (editor.view.dispatch(editor.view.state.tr.insertText('x')), layout(editor))));
    rejectEdits('all')(editor.view.state, editor.view.dispatch);
    return { pending, median: median(times), p95: p95(times) };
  };
  const idle = typing(0);
  const busy = typing(20);
  editor.destroy();
  host.remove();
  return {
    blocks: parseMarkdown(markdown).childCount,
    proposeMs: median(proposeMs),
    acceptMs: median(acceptMs),
    wholeDocMs: median(wholeDocMs),
    typingIdle: idle,
    typingBusy: busy
  };
}
