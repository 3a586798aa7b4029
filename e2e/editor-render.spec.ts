// Math (KaTeX) and Mermaid diagrams rendered in place under the app's CSP, loaded only when a
// note shows them; edited as source on click. And note links tapped on a phone.
import { expect, test } from '@playwright/test';
import { body, saveStatus, title } from './shell-helpers';
import { caretAfter, openNote, openWithNotes, storedBody } from './editor-helpers';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const MATH_AND_DIAGRAM = [
  'Energy: $E = mc^2$, water: $\\ce{H2O}$.',
  '',
  '$$',
  '\\int_0^1 x^2 \\, dx = \\frac{1}{3}',
  '$$',
  '',
  '```mermaid',
  'graph TD',
  '  A[Home] --> B{Station}',
  '  B --> C[Hotel]',
  '```',
  '',
  'Broken: $\\frac{1}{$ stays a note.',
  ''
].join('\n');

test('math and a Mermaid diagram render in place, lazily and under the CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await openWithNotes(page, [
    { id: A, title: 'Physics', body: MATH_AND_DIAGRAM },
    { id: B, title: 'Plain', body: 'no maths here\n' }
  ]);
  await openNote(page, 'Plain');
  await expect(body(page)).toContainText('no maths');
  const before = requests.length;
  await openNote(page, 'Physics');
  await expect(body(page).locator('.math-inline-view .katex').first()).toBeVisible();
  await expect(body(page).locator('.math-view .katex-display')).toBeVisible();
  await expect(body(page).locator('.math-inline-view .katex').nth(1)).toContainText('H');
  const diagram = body(page).getByRole('img', { name: 'Diagram' });
  await expect(diagram).toBeVisible({ timeout: 20_000 });
  await expect(diagram).toContainText('Station');
  // A formula that does not parse says so where it stands; the rest of the note is fine.
  await expect(body(page).getByRole('note').filter({ hasText: 'Math error' })).toBeVisible();
  // KaTeX came with this note (its fonts are asked for now), not with the editor.
  expect(requests.slice(0, before).some((url) => /KaTeX_/.test(url))).toBe(false);
  expect(requests.slice(before).some((url) => /KaTeX_/.test(url))).toBe(true);
  expect(violations).toEqual([]);

  // A click on the diagram shows its source to edit; typing changes the Markdown and the diagram.
  await diagram.click();
  const source = body(page).locator('.diagram-view.editing code');
  await expect(source).toBeVisible();
  await caretAfter(page, 'C[Hotel]');
  await page.keyboard.type('\n  C --> D[Beach]');
  await expect(body(page).getByRole('img', { name: 'Diagram' })).toContainText('Beach', { timeout: 20_000 });
  await expect(saveStatus(page)).toHaveText('Saved');
  expect(await storedBody(page, 'Physics')).toBe(
    MATH_AND_DIAGRAM.replace('C[Hotel]\n', 'C[Hotel]\n  C --> D[Beach]\n')
  );
});

test('a note that shows no math or diagram loads no more code than the editor', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await openWithNotes(page, [
    { id: A, title: 'Plain', body: 'text with a `$` sign and code\n\n```js\nlet a = 1;\n```\n' },
    { id: B, title: 'Other', body: 'just words\n' }
  ]);
  await openNote(page, 'Other');
  await expect(body(page)).toContainText('just words');
  // The tab's background work (plugin host, MCP carriers, the worker) loads its code with import()
  // a few seconds after start; focusing search starts it now, so it is done before the count.
  await page.getByRole('searchbox').first().focus();
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Note body' }).focus();
  const before = requests.length;
  await openNote(page, 'Plain');
  await expect(body(page)).toContainText('let a = 1;');
  await page.waitForTimeout(500);
  // The page's code only: the workspace worker loads chunks of its own as its background work
  // goes (indexing, link following), and math and diagrams are never drawn there.
  const pageCode = requests
    .slice(before)
    .filter((url) => /\.(js|css|woff2?)(\?|$)/.test(url) && !url.includes('/_app/immutable/workers/'));
  expect(pageCode).toEqual([]);
});

test('inline math is edited as TeX when selected', async ({ page }) => {
  await openWithNotes(page, [{ id: A, title: 'Area', body: 'Area $x^2$ here.\n' }]);
  await openNote(page, 'Area');
  await body(page).locator('.math-inline-view').click();
  const tex = body(page).getByRole('textbox', { name: 'Math (TeX)' });
  await expect(tex).toHaveValue('x^2');
  await tex.fill('x^3');
  await tex.press('Enter');
  await expect(tex).toBeHidden();
  await expect(saveStatus(page)).toHaveText('Saved');
  expect(await storedBody(page, 'Area')).toBe('Area $x^3$ here.\n');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('tapping a note link opens the note, and Back returns', async ({ page }) => {
    await openWithNotes(page, [
      { id: A, title: 'Trip', body: `See [the packing list](:/${B}).\n` },
      { id: B, title: 'Packing list', body: 'socks\n' }
    ]);
    await openNote(page, 'Trip');
    await body(page).getByRole('link', { name: 'the packing list' }).tap();
    await expect(title(page)).toHaveValue('Packing list');
    await page.goBack();
    await expect(title(page)).toHaveValue('Trip');
  });

  test('the Formatting toolbar sits at the bottom, and Attach file links a photo', async ({ page }) => {
    await openWithNotes(page, [{ id: A, title: 'Photos', body: 'Holiday\n' }]);
    await openNote(page, 'Photos');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const box = (await toolbar.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(844 - 5);
    await body(page).getByText('Holiday').tap();
    await page.keyboard.press('End');
    const chooser = page.waitForEvent('filechooser');
    await toolbar.getByRole('button', { name: 'Attach file' }).tap();
    // A 1×1 PNG, as a camera photo would arrive.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64'
    );
    await (await chooser).setFiles({ name: 'beach.png', mimeType: 'image/png', buffer: png });
    await expect(body(page).getByRole('img', { name: 'beach.png' })).toBeVisible();
    await expect(saveStatus(page)).toHaveText('Saved');
    expect(await storedBody(page, 'Photos')).toMatch(/^Holiday ?!\[beach\.png\]\(:\/[0-9a-f]{32}\)\n$/);
  });
});
