// Measures the main thread's responsiveness while something runs: the longest gap between two
// animation frames and the long tasks (PerformanceObserver 'longtask') in the page.
import type { Page } from '@playwright/test';

/** What the meter saw. */
export interface Gaps {
  maxGapMs: number;
  longTasks: number;
  longestTaskMs: number;
  spanMs: number;
}

/** A running meter; `stop` returns its figures. */
export interface GapMeter {
  stop(): Promise<Gaps>;
}

declare global {
  interface Window {
    __gapMeter?: { stop(): Gaps };
  }
}

/** Starts measuring in the page. */
export async function startGapMeter(page: Page): Promise<GapMeter> {
  await page.evaluate(() => {
    const started = performance.now();
    let last = started;
    let maxGap = 0;
    let running = true;
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => tasks.push(entry.duration))
    );
    observer.observe({ type: 'longtask', buffered: false });
    const tick = (now: number) => {
      maxGap = Math.max(maxGap, now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    window.__gapMeter = {
      stop: () => {
        running = false;
        observer.disconnect();
        return {
          maxGapMs: maxGap,
          longTasks: tasks.length,
          longestTaskMs: Math.max(0, ...tasks),
          spanMs: performance.now() - started
        };
      }
    };
  });
  return { stop: () => page.evaluate(() => window.__gapMeter!.stop()) };
}
