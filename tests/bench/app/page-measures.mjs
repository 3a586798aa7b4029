/**
 * What the app benchmark measures inside the page. Times are `performance.now()`, so they count
 * from the navigation's start. "Painted" is taken after the next frame: a requestAnimationFrame
 * callback, then a posted message, which runs once that frame's layout and paint are done.
 */

/** What watchFirstScreen logs once the first screen was painted. */
export const FIRST_SCREEN_PAINTED = 'folio-bench: first screen painted';

/**
 * An init script: records on `window.__bench` when the Notes list first shows a note's title
 * (`firstRow`), when every row in view shows one (`screenFull`, with `rows` in view), and when
 * that screen was painted (`painted`), then logs FIRST_SCREEN_PAINTED.
 */
export function watchFirstScreen() {
  // Each function here runs in the page on its own, so constants are repeated inside it.
  const LOADING = 'Loading…'; // the name of a row whose note is not read yet (NoteListRow.svelte)
  const marks = (window.__bench = {});
  const afterPaint = (done) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = done;
      channel.port2.postMessage(0);
    });
  const check = () => {
    const list = document.querySelector('[role="listbox"][aria-label="Notes"]');
    const rows = list ? [...list.querySelectorAll('[role="option"]')] : [];
    if (!rows.some((row) => row.getAttribute('aria-label') !== LOADING)) return;
    marks.firstRow ??= performance.now();
    // Layout is read only from here on, so watching costs nothing before the first title.
    const view = list.getBoundingClientRect();
    const inView = rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.bottom > view.top && box.top < view.bottom;
    });
    if (!inView.length || inView.some((row) => row.getAttribute('aria-label') === LOADING)) return;
    observer.disconnect();
    marks.screenFull = performance.now();
    marks.rows = inView.length;
    afterPaint(() => {
      marks.painted = performance.now();
      // Heard by the benchmark as a console event (FIRST_SCREEN_PAINTED): see app-bench.mjs startOnce.
      console.debug('folio-bench: first screen painted');
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-label']
  });
}

/**
 * Frame times while idle (`idleFrames` frames, the peer: what this machine gives an untouched
 * page), then while the Notes list is scrolled by `wheelPx` per frame for `wheelFrames` frames (a
 * wheel's pace), then on to the bottom by `stepPx` per frame (a fling). Also
 * counts long tasks (> 50 ms) in each phase and the frames in which a row in view still showed no
 * title (the database read of the new rows had not answered yet).
 */
export async function scrollThrough({ stepPx, idleFrames, wheelPx, wheelFrames }) {
  const LOADING = 'Loading…';
  const list = document.querySelector('[role="listbox"][aria-label="Notes"]');
  const longTasks = [];
  const observer = new PerformanceObserver((entries) => longTasks.push(...entries.getEntries()));
  observer.observe({ type: 'longtask' });
  const frames = (onFrame) =>
    new Promise((resolve) => {
      const deltas = [];
      let last;
      const tick = (time) => {
        if (last !== undefined) deltas.push(time - last);
        last = time;
        if (onFrame(deltas.length)) requestAnimationFrame(tick);
        else resolve(deltas);
      };
      requestAnimationFrame(tick);
    });
  const blankInView = () => {
    const top = list.scrollTop;
    const bottom = top + list.clientHeight;
    return [...list.querySelectorAll(`[role="option"][aria-label="${LOADING}"]`)].some((row) => {
      const rowTop = parseFloat(row.style.top);
      return rowTop < bottom && rowTop + row.offsetHeight > top;
    });
  };
  const idleStart = performance.now();
  const idle = await frames((n) => n < idleFrames);
  // First a wheel-speed stretch (a few rows a frame): do rows in view show their titles?
  // A frame is counted from the second tick on, as `frames` times it: the first tick only starts the clock.
  let wheelBlankFrames = 0;
  const wheel = await frames((n) => {
    if (n > 0 && blankInView()) wheelBlankFrames++;
    list.scrollTop += wheelPx;
    return n < wheelFrames;
  });
  const scrollStart = performance.now();
  let blankFrames = 0;
  const scroll = await frames((n) => {
    if (n > 20_000) return false; // a list that stopped growing must not hang the benchmark
    if (n > 0 && blankInView()) blankFrames++;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) return false;
    list.scrollTop += stepPx;
    return true;
  });
  const end = performance.now();
  observer.disconnect();
  const during = (from, to) => longTasks.filter((task) => task.startTime >= from && task.startTime < to);
  return {
    idle,
    scroll,
    idleLongTasks: during(idleStart, scrollStart).length,
    scrollLongTasks: during(scrollStart, end).length,
    blankFrames,
    wheel,
    wheelBlankFrames,
    scrolledPx: list.scrollTop,
    scrollMs: end - scrollStart
  };
}

/**
 * Clicks the Notes list row named `title` and times until the editor's last block is the heading
 * `lastHeading` (`present`) and until that was painted (`painted`).
 */
export async function openNote({ title, lastHeading }) {
  // A row's accessible name starts with the title and goes on with its date and excerpt.
  const rows = document.querySelectorAll('[role="listbox"][aria-label="Notes"] [role="option"]');
  const option = [...rows].find((row) => row.querySelector('.title')?.textContent.trim() === title);
  if (!option) throw new Error(`No row named ${title}`);
  const loaded = () => {
    const last = document.querySelector('[aria-label="Note body"]')?.lastElementChild;
    return last?.textContent.trim() === lastHeading;
  };
  const start = performance.now();
  option.click();
  await new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!loaded()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      const last = document.querySelector('[aria-label="Note body"]')?.lastElementChild;
      reject(
        new Error(
          `${title} did not open in 30 s; the editor ends with ${JSON.stringify(last?.outerHTML.slice(0, 200))}`
        )
      );
    }, 30_000);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const present = performance.now() - start;
  await new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(0);
    })
  );
  return { present, painted: performance.now() - start };
}

/**
 * Arms a timer for the next key press: `window.__type.key` when it is pressed, `painted` once the
 * frame after it was painted. The editor serialises the note on every change (create-editor.ts),
 * so this span holds the in-browser serialise, the editor's update and the render.
 */
export function armKeystroke() {
  const mark = (window.__type = {});
  const onKey = () => {
    mark.key = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (mark.painted = performance.now());
      channel.port2.postMessage(0);
    });
  };
  document.addEventListener('keydown', onKey, { capture: true, once: true });
}
