// A long note's blocks far from the viewport are not laid out or painted (content-visibility in
// editor.css), and the note still behaves as a whole: find in page reaches a paragraph far below,
// the caret travels to the end and types there, and printing draws every block.
import { expect, test } from '@playwright/test';
import { body } from './shell-helpers';
import { openNote, openWithNotes, storedBody } from './editor-helpers';

const A = 'a'.repeat(32);
const LONG = `${Array.from(
  { length: 600 },
  (_, i) => `Paragraph ${i} of a **long** note, with words enough to wrap over a line or two as notes do.`
).join('\n\n')}\n`;

/** Whether the paragraph's contents are drawn (false while content-visibility skips them). */
function drawn(page: import('@playwright/test').Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const paragraph = [...document.querySelectorAll('[aria-label="Note body"] > p')].find((p) =>
      p.textContent?.startsWith(wanted)
    );
    if (!paragraph) throw new Error(`No paragraph ${wanted}`);
    return paragraph.querySelector('strong')!.checkVisibility({ contentVisibilityAuto: true });
  }, text);
}

test('a long note: find reaches a paragraph far below, the caret types at the end, print draws all', async ({
  page
}) => {
  await openWithNotes(page, [{ id: A, title: 'Long', body: LONG }]);
  await openNote(page, 'Long');
  await expect(body(page)).toContainText('Paragraph 0 of a long note');
  const far = body(page).getByText('Paragraph 580 of a long note', { exact: false });
  await expect(far).not.toBeInViewport();
  // Far below, the paragraph is not drawn until it is wanted (what keeps each change cheap).
  await expect.poll(() => drawn(page, 'Paragraph 580 ')).toBe(false);

  // Find in page finds it (window.find selects the match; it scrolls only the window, not the note's
  // pane, so the test scrolls there as the find bar does), and it is drawn once shown.
  const selected = await page.evaluate(() => {
    if (!window.find('Paragraph 580 of a long note')) return null;
    return window.getSelection()?.anchorNode?.parentElement?.closest('p')?.textContent ?? null;
  });
  expect(selected).toMatch(/^Paragraph 580 of a long note/);
  await far.scrollIntoViewIfNeeded();
  await expect(far).toBeInViewport();
  await expect.poll(() => drawn(page, 'Paragraph 580 ')).toBe(true);

  // The caret goes to the end of the note over every block between, and types there.
  await body(page).getByText('Paragraph 580 of a long note', { exact: false }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' The end.');
  await expect(body(page).getByText('The end.', { exact: false })).toBeInViewport();
  await expect
    .poll(() => storedBody(page, 'Long'))
    .toBe(LONG.replace(/as notes do\.\n$/, 'as notes do. The end.\n'));

  // Printed, every block is drawn, also those far from what the screen showed.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.emulateMedia({ media: 'print' });
  await expect.poll(() => drawn(page, 'Paragraph 300 ')).toBe(true);
  await page.emulateMedia({ media: 'screen' });
});
