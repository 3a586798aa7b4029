// Checks every screen spec can run: axe-core (serious and critical violations fail), no sideways
// scrolling, and touch targets of at least 44 px on a phone. axe is injected as text through
// page.evaluate: the app's CSP refuses script tags without its hash, and evaluate runs through the
// DevTools protocol, outside the page's CSP.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation, as the failure message shows it. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core on the page as it is now; fails on any serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Let transitions and late paints settle: axe reads computed colours.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations: Violation[] = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: string[]; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`)
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `axe on "${screen}":\n${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** Fails when the page, or any box in it that scrolls, can be scrolled sideways. */
export async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const offenders = await page.evaluate(() => {
    const wide: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      wide.push(`the page (${root.scrollWidth} > ${root.clientWidth})`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      // Code, tables and a bar marked to (the phone's Formatting toolbar) may scroll inside
      // themselves; the layout around them may not.
      if (el.closest('pre, table, textarea, .tableWrapper, [data-scrolls-sideways]')) continue;
      const overflow = getComputedStyle(el).overflowX;
      if (
        (overflow === 'auto' || overflow === 'scroll') &&
        el.scrollWidth > el.clientWidth + 1 &&
        el.clientWidth > 0
      ) {
        wide.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${el.scrollWidth} > ${el.clientWidth})`
        );
      }
    }
    return wide;
  });
  expect(offenders, `sideways scrolling on "${screen}"`).toEqual([]);
}

/** Fails when a visible control in view is smaller than 44 × 44 px (height only for text fields). */
export async function expectTouchTargets(page: Page, screen: string): Promise<void> {
  const small = await page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, input:not([type="checkbox"]):not([type="file"]):not([type="radio"]), [role="option"], summary'
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      // Hidden (display:none, visually hidden) and scrolled-out controls are not targets now.
      if (
        box.width < 2 ||
        box.height < 2 ||
        box.bottom <= 0 ||
        box.top >= innerHeight ||
        el.closest('[inert]')
      )
        continue;
      const wideEnough = el.tagName !== 'BUTTON' || box.width >= 43.5;
      if (box.height < 43.5 || !wideEnough)
        found.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`
        );
    }
    return found;
  });
  expect(small, `touch targets under 44 px on "${screen}"`).toEqual([]);
}

/** Every check a screen gets: axe, no sideways scroll, and on a phone the touch target size. */
export async function checkScreen(page: Page, screen: string, options: { phone: boolean }): Promise<void> {
  await expectAccessible(page, screen);
  await expectNoSidewaysScroll(page, screen);
  if (options.phone) await expectTouchTargets(page, screen);
}
