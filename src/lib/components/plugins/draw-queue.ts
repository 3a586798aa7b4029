/**
 * Plugin output is drawn a frame's worth at a time: every RenderSpecView on the page takes its
 * rows from one shared budget of CELLS_PER_FRAME per animation frame, in the order the views asked.
 * One spec may hold 20,000 cells (RENDER_LIMITS.cells), spread over many lists and short tables;
 * drawn at once they freeze the page for seconds, drawn this way no frame gets more than 200.
 */

/**
 * Cells (table cells, list items, images) all plugin views together add per frame. Chromium took
 * about 0.5 ms per table cell to lay out in the Settings dialog here, so 200 keep a frame near the
 * 100 ms a user still reads as immediate even on a slow machine; long tables are virtualised instead.
 */
export const CELLS_PER_FRAME = 200;

/** A view that still has rows to draw: given a budget of cells, it draws some and says how many. */
export type Grower = (budget: number) => { used: number; done: boolean };

const queue: Grower[] = [];
let scheduled = 0;

function frame(): void {
  scheduled = 0;
  let budget = CELLS_PER_FRAME;
  while (queue.length > 0 && budget > 0) {
    const { used, done } = queue[0](budget);
    budget -= Math.max(1, used);
    if (done) queue.shift();
  }
  if (queue.length > 0) scheduled = requestAnimationFrame(frame);
}

/** Queues a view's growth; returns the function that takes it out (when the view goes away). */
export function queueDraw(grow: Grower): () => void {
  queue.push(grow);
  scheduled ||= requestAnimationFrame(frame);
  return () => {
    const at = queue.indexOf(grow);
    if (at >= 0) queue.splice(at, 1);
  };
}
