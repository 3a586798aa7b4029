// The focused-note scenario's page: a real editor (with the review queue) holding a 100 KB note, a
// chat turn about it as the sidebar runs one (startSessionTurn: the context, the session-tool host
// the worker calls back, the streamed drafts redrawn at most every 50 ms), and a model that
// writes one insert_after_anchor per step, its arguments streamed. Measured on this page, per step:
// the main-thread work of the session-tool path (the call on the editor, and every draft frame), and
// the in-worker gap between model calls (the round trip to this page included); and how late the
// streamed text shows (a piece's arrival to its drawing).
import * as Comlink from 'comlink';
import { createEditor, pendingProposals, rejectEdits, reviewPlugin } from '$lib/editor';
import { startSessionTurn } from '$lib/state/session-tools';
import type { SessionToolHost } from '$lib/agent';

interface BenchWorker {
  setUp(toolSteps: number, edits: { anchors: string[]; pieces: number; pieceGapMs: number }): Promise<void>;
  runTurn(
    request: unknown,
    listener: unknown,
    sessionTools: unknown
  ): Promise<{ ok: boolean; message?: string; result?: { steps: number; edits: unknown[] } }>;
  gaps(): number[];
}

/** Session-tool calls per turn, then the final answer. */
const TOOL_STEPS = 4;
const TURNS = 24;
const WARMUP_TURNS = 4;
const NOTE_BYTES = 100_000;
const PIECES = 6;
const PIECE_GAP_MS = 20;

const settings = {
  config: { kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'zero-latency' },
  allowRemote: false
};

/** A note of about NOTE_BYTES of ordinary Markdown: sections of paragraphs, lists and tasks. */
function bigNote(): { markdown: string; anchors: string[] } {
  const parts: string[] = ['# Field notes\n'];
  const anchors: string[] = [];
  for (let i = 0; parts.join('\n').length < NOTE_BYTES; i++) {
    if (i % 10 === 0) parts.push(`## Section ${i / 10 + 1}\n`);
    const anchor = `Paragraph ${i} ends here.`;
    anchors.push(anchor);
    parts.push(
      `Some **ordinary** text about packing, trips and [groceries](https://example.com/${i}), with \`code\` now and then. ${'More words follow, as notes go on. '.repeat(6)}${anchor}\n`
    );
    if (i % 4 === 0) parts.push(`- [ ] item ${i}\n- [x] done ${i}\n- a plain point\n`);
  }
  return { markdown: parts.join('\n'), anchors };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// Every animation-frame callback on this page is timed: the only one is the draft stream's flush.
let frameMs = 0;
let frames = 0;
// What a user sees late: from a streamed piece's arrival to the drawing that shows it (a draft
// frame, or the finished call when it comes first). Recorded in measured turns only.
let waitingSince: number | undefined;
let recordLag = false;
const lags: number[] = [];
function shown(): void {
  if (waitingSince !== undefined && recordLag) lags.push(performance.now() - waitingSince);
  waitingSince = undefined;
}
const nativeFrame = window.requestAnimationFrame.bind(window);
/** When the last animation-frame callback of the current frame ended. */
let lastCallbackEnd = 0;
window.requestAnimationFrame = (callback) =>
  nativeFrame((time) => {
    const start = performance.now();
    try {
      callback(time);
    } finally {
      lastCallbackEnd = performance.now();
      tasksSinceFrame = 0;
      frameMs += lastCallbackEnd - start;
      frames++;
      shown();
    }
  });

/**
 * The browser's own work after the page changed the note (style, layout, paint of each frame),
 * which the per-step figure leaves out: every frame of a turn, the time from its last animation-frame
 * callback to a message posted from one, which runs once the frame's rendering is done (a frame with
 * nothing to draw costs next to nothing). Measured by a callback of its own, outside the timed ones.
 */
let renderMs = 0;
/** Time the page's own tasks (the session-tool calls) took since the last frame, not rendering. */
let tasksSinceFrame = 0;
let probing = false;
const rendered: (() => void)[] = [];
const afterRendering = new MessageChannel();
afterRendering.port1.onmessage = () => {
  renderMs += Math.max(0, performance.now() - lastCallbackEnd - tasksSinceFrame);
  for (const resolve of rendered.splice(0)) resolve();
  if (probing) nativeFrame(probe);
};
/** Resolves once the next frame is drawn. */
const nextRendered = () => new Promise<void>((resolve) => rendered.push(resolve));
function probe(): void {
  lastCallbackEnd = performance.now();
  tasksSinceFrame = 0;
  afterRendering.port2.postMessage(null);
}
function startProbing(): void {
  if (!probing) nativeFrame(probe);
  probing = true;
}

/**
 * `?composer`: the chat's message box holds the focus, as after the user typed the message and
 * pressed Enter. Without it nothing on the page has the selection: then each time the view changes
 * the note's DOM, its selection read (prosemirror-view's DOMSelState.sync) makes Chromium lay out
 * the whole note at once; with a selection anywhere, that layout waits for the frame. Once the user
 * has typed in the message box, Chromium keeps a caret in the document after Send is clicked or the
 * box loses the focus, so a turn the chat starts is this case; nothing selected is the worst case.
 */
function focusComposer(): void {
  const composer = document.createElement('textarea');
  composer.setAttribute('aria-label', 'Message');
  document.body.append(composer);
  composer.focus();
}

async function run() {
  const { markdown, anchors } = bigNote();
  const parent = document.createElement('div');
  document.body.append(parent);
  if (new URLSearchParams(location.search).has('composer')) focusComposer();
  const editor = createEditor(parent, { markdown, plugins: [reviewPlugin()] });
  // The view's own work (updating the document's decorations and DOM) is timed apart.
  let dispatchMs = 0;
  const dispatch = editor.view.dispatch.bind(editor.view);
  editor.view.dispatch = (tr) => {
    const start = performance.now();
    try {
      dispatch(tr);
    } finally {
      dispatchMs += performance.now() - start;
    }
  };
  const worker = Comlink.wrap<BenchWorker>(new Worker('./worker.js', { type: 'module' }));
  // Anchors spread over the note, so steps edit its start, middle and end.
  const spread = Array.from(
    { length: TOOL_STEPS },
    (_, k) => anchors[Math.floor(((k + 0.5) * anchors.length) / TOOL_STEPS)]
  );
  await worker.setUp(TOOL_STEPS, { anchors: spread, pieces: PIECES, pieceGapMs: PIECE_GAP_MS });
  const perStep: number[] = [];
  const viewPerStep: number[] = [];
  const renderPerStep: number[] = [];
  const gaps: number[] = [];
  let draftFrames = 0;
  for (let i = 0; i < WARMUP_TURNS + TURNS; i++) {
    const turn = startSessionTurn({
      editor,
      noteId: 'f'.repeat(32),
      title: 'Field notes',
      isCurrent: () => true
    });
    let callMs = 0;
    const host: SessionToolHost = {
      call: async (name, args, options) => {
        const start = performance.now();
        try {
          return await turn.host.call(name, args, options);
        } finally {
          const took = performance.now() - start;
          callMs += took;
          tasksSinceFrame += took;
          shown();
        }
      }
    };
    const listener = Comlink.proxy({
      onDelta: (delta: { type: string; index: number; name: string; argumentsDelta: string }) => {
        if (delta.type !== 'tool_call') return;
        waitingSince ??= performance.now();
        turn.onToolDelta(delta);
      }
    });
    [frameMs, frames, dispatchMs, renderMs] = [0, 0, 0, 0];
    startProbing();
    recordLag = i >= WARMUP_TURNS;
    const outcome = await worker.runTurn(
      {
        callId: `focused-${i}`,
        settings,
        context: turn.context,
        history: [],
        message: 'Add a line after each of these paragraphs'
      },
      listener,
      Comlink.proxy(host)
    );
    turn.end();
    const proposed = outcome.result?.edits.length ?? 0;
    if (!outcome.ok || outcome.result?.steps !== TOOL_STEPS + 1 || proposed !== TOOL_STEPS)
      throw new Error(`focused turn ${i} failed: ${outcome.message ?? JSON.stringify(outcome)}`);
    if (pendingProposals(editor.view.state).length !== TOOL_STEPS)
      throw new Error(
        `focused turn ${i}: ${pendingProposals(editor.view.state).length} suggestions shown, expected ${TOOL_STEPS}`
      );
    const turnViewMs = dispatchMs;
    const turnRenderMs = renderMs;
    rejectEdits('all')(editor.view.state, editor.view.dispatch);
    // The suggestions' removal is drawn before the next turn starts counting.
    await nextRendered();
    const turnGaps = await worker.gaps();
    if (i >= WARMUP_TURNS) {
      perStep.push((callMs + frameMs) / TOOL_STEPS);
      viewPerStep.push(turnViewMs / TOOL_STEPS);
      renderPerStep.push(turnRenderMs / TOOL_STEPS);
      gaps.push(...turnGaps);
      draftFrames += frames;
    }
  }
  return {
    noteChars: markdown.length,
    steps: TOOL_STEPS,
    turns: TURNS,
    draftFramesPerStep: draftFrames / (TURNS * TOOL_STEPS),
    perStep: { p50: percentile(perStep, 50), p95: percentile(perStep, 95) },
    viewPerStep: { p50: percentile(viewPerStep, 50), p95: percentile(viewPerStep, 95) },
    renderPerStep: { p50: percentile(renderPerStep, 50), p95: percentile(renderPerStep, 95) },
    gap: { p50: percentile(gaps, 50), p95: percentile(gaps, 95) },
    lag: { p50: percentile(lags, 50), p95: percentile(lags, 95) }
  };
}

(window as unknown as { bench: Promise<unknown> }).bench = run();
