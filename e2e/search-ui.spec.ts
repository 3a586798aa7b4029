// The search box against the built app: notes searched through the workspace worker with the full
// syntax; results in rank order with highlighted snippets. The main group's four notes come in as
// one Markdown import (typing four notes and two tags took a third of each test, and on a loaded
// machine all of its 30 s); the tests after it type their own notes, and one edits an imported one,
// so typed notes stay searched here too.
import { expect, test, type Page } from '@playwright/test';
import { addNote as createNote } from './search-helpers';
import { body, notesList, openApp, saveStatus } from './shell-helpers';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search notes' });

/** The titles the Notes list shows, top to bottom. */
function listedTitles(page: Page): Promise<string[]> {
  return notesList(page)
    .getByRole('option')
    .evaluateAll((rows) =>
      rows
        .sort((a, b) => Number(a.getAttribute('aria-posinset')) - Number(b.getAttribute('aria-posinset')))
        // A row's name goes on after the title (date, snippet): read the title itself.
        .map((row) => row.querySelector('.title')?.textContent?.trim() ?? '')
    );
}

async function searchFor(page: Page, query: string, titles: string[]): Promise<void> {
  await searchBox(page).fill(query);
  // The first search of a page also waits for the worker to start and build its index.
  await expect
    .poll(() => listedTitles(page), { message: `results of ${query}`, timeout: 15_000 })
    .toEqual(titles);
}

/** The main group's notes, updated a minute apart in this order (the last is the newest). */
const SEEDED = [
  { title: 'Fox facts', body: 'Foxes are clever animals', tags: [] },
  { title: 'Zoo visit', body: 'We saw a quick brown fox near the lions', tags: ['outing'] },
  { title: 'Word order', body: 'the brown quick fox is a different phrase', tags: [] },
  { title: 'Swimming', body: 'swimmers swim in the pool', tags: ['sport'] }
];

/** Imports `SEEDED` as Markdown files with front matter (title, updated, tags), as a user would. */
async function importSeeded(page: Page): Promise<void> {
  const start = Date.UTC(2026, 0, 1, 9);
  const files = SEEDED.map((note, i) => ({
    name: `${note.title}.md`,
    mimeType: 'text/markdown',
    buffer: Buffer.from(
      `---\ntitle: ${note.title}\nupdated: ${new Date(start + i * 60_000).toISOString()}\n` +
        `tags: [${note.tags.join(', ')}]\n---\n${note.body}\n`
    )
  }));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByLabel('Import file', { exact: true }).setInputFiles(files);
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await expect(dialog.getByRole('status')).toContainText(`Imported ${SEEDED.length} notes`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(notesList(page).getByRole('option')).toHaveCount(SEEDED.length);
}

async function newNotebook(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New notebook' }).click();
  const field = page.getByRole('textbox', { name: 'Notebook name' });
  await field.fill(name);
  await field.press('Enter');
  await page
    .getByRole('navigation', { name: 'Notebooks' })
    .getByRole('button', { name, exact: true })
    .click();
}

test.describe('search notes', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page);
    await importSeeded(page);
  });

  test('finds a phrase, words in rank order, with the match marked', async ({ page }) => {
    await searchFor(page, '"quick brown"', ['Zoo visit']);
    await expect(notesList(page).getByRole('option', { name: 'Zoo visit' }).locator('mark')).toHaveText([
      'quick',
      'brown'
    ]);
    // A title match ranks before body-only matches.
    const titles = await (async () => {
      await searchBox(page).fill('fox');
      await expect.poll(() => listedTitles(page).then((t) => t.length)).toBe(3);
      return listedTitles(page);
    })();
    expect(titles[0]).toBe('Fox facts');
    expect(titles.slice(1).sort()).toEqual(['Word order', 'Zoo visit']);
  });

  test('filters by tag, negation, prefix and any:1', async ({ page }) => {
    await searchFor(page, 'tag:outing', ['Zoo visit']);
    await searchFor(page, 'fox -tag:outing -clever', ['Word order']);
    await searchFor(page, 'swim*', ['Swimming']);
    // Without words to rank by, the most recently updated note comes first.
    await searchFor(page, '-tag:*', ['Word order', 'Fox facts']);
    await searchBox(page).fill('any:1 lions pool');
    await expect.poll(async () => (await listedTitles(page)).sort()).toEqual(['Swimming', 'Zoo visit']);
  });

  test('an unclosed quote is searched as typed and says so', async ({ page }) => {
    await searchFor(page, '"quick brown', ['Zoo visit']);
    await expect(page.getByRole('status').filter({ hasText: /quote/i })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('clearing the search brings back the whole list', async ({ page }) => {
    await searchFor(page, 'swim*', ['Swimming']);
    await searchBox(page).fill('');
    await expect(notesList(page).getByRole('option')).toHaveCount(4);
  });

  test('search still works after a reload, and follows an edit', async ({ page }) => {
    await page.reload();
    await searchFor(page, 'lions', ['Zoo visit']);
    await searchBox(page).fill('');
    await notesList(page).getByRole('option', { name: 'Swimming' }).click();
    await body(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' with a hippopotamus');
    await expect(saveStatus(page)).toHaveText('Saved');
    await searchFor(page, 'hippopotamus', ['Swimming']);
  });
});

// Needs no notes: kept out of the seeded group, whose import it would only wait for.
test('the syntax help lists the filters', async ({ page }) => {
  await openApp(page);
  const toggle = page.getByRole('button', { name: 'Search syntax' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Search syntax help' })).toContainText('notebook:');
});

test('notebook: finds the notes of a notebook', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Loose note', 'packing list');
  await newNotebook(page, 'Travel');
  await createNote(page, 'Lisbon', 'packing list for Lisbon');
  await searchFor(page, 'packing notebook:Travel', ['Lisbon']);
  await searchFor(page, 'packing -notebook:Travel', ['Loose note']);
});

test.describe('without the service worker', () => {
  // The service worker precaches the worker script and would serve it past page.route, so the
  // page would (rightly) recover on its next try; block it to see the failure itself.
  test.use({ serviceWorkers: 'block' });

  test('a search worker that cannot start is reported as an alert', async ({ page }) => {
    await page.route(/workspace\.worker-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await openApp(page);
    await searchBox(page).fill('anything');
    await expect(page.getByRole('alert').filter({ hasText: 'Search failed' })).toBeVisible({
      timeout: 10_000
    });
    await expect(notesList(page)).toBeVisible();
  });
});

test('a typed search picks up a note written in another tab', async ({ page, context }) => {
  await openApp(page);
  await searchBox(page).fill('marmalade');
  await expect(page.getByText('No notes match this search.')).toBeVisible();
  const other = await context.newPage();
  await openApp(other);
  await createNote(other, 'Breakfast', 'orange marmalade on toast');
  await expect.poll(() => listedTitles(page)).toEqual(['Breakfast']);
});

test('Down arrow moves from the search box to the results, Escape clears the search', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Kiwi', 'green fruit');
  await createNote(page, 'Plum', 'purple fruit');
  await searchFor(page, 'green', ['Kiwi']);
  await searchBox(page).press('ArrowDown');
  await expect(notesList(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Kiwi');
  await searchBox(page).press('Escape');
  await expect(searchBox(page)).toHaveValue('');
  await expect(notesList(page).getByRole('option')).toHaveCount(2);
});
