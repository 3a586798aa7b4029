// Two tabs typing in the same note: edits of different paragraphs merge in both tabs while they
// type; edits of the same paragraph become a Conflict shown in both, with both versions kept until
// the user chooses, and a conflict copy in the notebook "Conflicts".
import { expect, test, type Page } from '@playwright/test';
import { body, createNote, notesList, openApp, saveStatus } from './shell-helpers';

// Each test has its own browser context (its own storage), so they may run on different workers at
// once: the file is the longest of the last ones in the run's order (five tests of two app starts
// each), and run whole on one worker it kept that worker busy after the others had finished.
test.describe.configure({ mode: 'parallel' });

/** Puts the cursor at the end of the paragraph reading `text` and types `typed` (in one input event). */
async function typeAtEnd(page: Page, text: string, typed: string): Promise<void> {
  await body(page).getByText(text, { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(typed);
}

/** Both tabs type at once, each before it could have seen the other's save (autosave waits 500 ms). */
async function typeInBoth(a: Page, b: Page, where: [string, string], typed: [string, string]): Promise<void> {
  const place = async (page: Page, text: string) => {
    await body(page).getByText(text, { exact: true }).click();
    await page.keyboard.press('End');
  };
  await Promise.all([place(a, where[0]), place(b, where[1])]);
  await Promise.all([a.keyboard.insertText(typed[0]), b.keyboard.insertText(typed[1])]);
}

async function twoTabs(context: import('@playwright/test').BrowserContext) {
  const a = await context.newPage();
  const b = await context.newPage();
  await openApp(a);
  await createNote(a, 'Trip', '');
  await body(a).click();
  await a.keyboard.type('Alpha.');
  await a.keyboard.press('Enter');
  await a.keyboard.type('Beta.');
  await a.keyboard.press('Enter');
  await a.keyboard.type('Gamma.');
  await expect(saveStatus(a)).toHaveText('Saved');
  await openApp(b);
  await notesList(b).getByRole('option', { name: /^Trip/ }).click();
  await expect(body(b)).toContainText('Gamma.');
  return { a, b };
}

test('two tabs typing in different paragraphs of one note: both edits end up in both tabs', async ({
  context
}) => {
  const { a, b } = await twoTabs(context);
  // Both type before either saved (the autosave waits for a pause): the second save merges.
  await typeInBoth(a, b, ['Gamma.', 'Alpha.'], [' Typed in A.', ' Typed in B.']);
  for (const page of [a, b]) {
    await expect(body(page).getByText('Alpha. Typed in B.')).toBeVisible();
    await expect(body(page).getByText('Gamma. Typed in A.')).toBeVisible();
    await expect(saveStatus(page)).toHaveText('Saved');
  }
  await expect(a.getByRole('group', { name: 'Conflict', exact: true })).toHaveCount(0);
  // Typing goes on where the cursor was.
  await a.keyboard.type(' More.');
  await typeAtEnd(b, 'Beta.', ' And B.');
  await expect(body(a).getByText('Beta. And B.')).toBeVisible();
  await expect(body(b).getByText('Gamma. Typed in A. More.')).toBeVisible();
});

test('two tabs changing the same paragraph: a Conflict in both tabs, both versions kept until one is chosen', async ({
  context
}) => {
  const { a, b } = await twoTabs(context);
  await typeInBoth(a, b, ['Beta.', 'Beta.'], [' Version A.', ' Version B.']);
  for (const page of [a, b]) {
    const conflict = page.getByRole('group', { name: 'Conflict', exact: true });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Keep mine' })).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Keep theirs' })).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Keep both' })).toBeVisible();
  }
  // Both versions are on screen: one in the note, the other in the Conflict group.
  const conflictA = a.getByRole('group', { name: 'Conflict', exact: true });
  await expect(a.getByText(/Beta\. Version A\./).first()).toBeVisible();
  await expect(a.getByText(/Beta\. Version B\./).first()).toBeVisible();
  await expect(conflictA).toContainText(/in another tab/);
  // A copy of the other version waits under Conflicts (with its count), as sync's copies do.
  await expect(
    a.getByRole('navigation', { name: 'Notebooks' }).getByRole('button', { name: /^Conflicts 1\b/ })
  ).toBeVisible();

  await conflictA.getByRole('button', { name: 'Keep both' }).click();
  for (const page of [a, b]) {
    await expect(page.getByRole('group', { name: 'Conflict', exact: true })).toHaveCount(0);
    await expect(body(page).getByText('Beta. Version A.', { exact: true })).toBeVisible();
    await expect(body(page).getByText('Beta. Version B.', { exact: true })).toBeVisible();
    await expect(saveStatus(page)).toHaveText('Saved');
  }
  // History keeps the versions that were replaced, with who wrote them.
  await a.getByRole('button', { name: 'History' }).click();
  const versions = a.getByRole('dialog', { name: 'Note history' }).getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('button', { name: /in another tab/ }).first()).toBeVisible();
});

test('a conflict survives a reload of the tab that has it', async ({ context }) => {
  const { a, b } = await twoTabs(context);
  await typeInBoth(a, b, ['Beta.', 'Beta.'], [' Version A.', ' Version B.']);
  await expect(a.getByRole('group', { name: 'Conflict', exact: true })).toBeVisible();
  await expect(saveStatus(a)).toHaveText('Saved');
  await a.reload();
  const conflict = a.getByRole('group', { name: 'Conflict', exact: true });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(a.getByRole('group', { name: 'Conflict', exact: true })).toHaveCount(0);
  await expect(b.getByRole('group', { name: 'Conflict', exact: true })).toHaveCount(0);
});

/** The copy's `Conflict` panel (a note of its own, under Conflicts), opened in `page`. */
async function openConflictCopy(page: Page) {
  const tree = page.getByRole('navigation', { name: 'Notebooks' });
  await tree.getByRole('button', { name: /^Conflicts 1\b/ }).click();
  await notesList(page)
    .getByRole('option', { name: /Trip \(conflict copy\)/ })
    .click();
  const panel = page.getByRole('group', { name: 'Conflict', exact: true });
  await expect(panel.getByRole('region', { name: 'Mine' })).toBeVisible();
  return panel;
}

const VERSION = /Beta\. Version [AB]\./;

test('resolving a merge conflict from its copy’s panel closes the editor’s Conflict group in every tab', async ({
  context
}) => {
  const { a, b } = await twoTabs(context);
  await typeInBoth(a, b, ['Beta.', 'Beta.'], [' Version A.', ' Version B.']);
  await expect(b.getByRole('group', { name: 'Conflict', exact: true })).toBeVisible();
  await expect(saveStatus(a)).toHaveText('Saved');
  const panel = await openConflictCopy(a);
  // The user's version (in the note) beside the other one (in the copy). The panel reads both
  // after it shows, so wait for the text before taking it.
  const versionIn = async (name: string) => {
    const side = panel.getByRole('region', { name });
    await expect(side).toContainText(VERSION);
    return (await side.textContent())!.match(VERSION)![0];
  };
  const mine = await versionIn('Mine');
  const theirs = await versionIn('Theirs');
  expect(mine).not.toBe(theirs);
  await panel.getByRole('button', { name: 'Keep mine' }).click();

  // The note opens with the user's version; no Conflict is left anywhere, nor a copy under Conflicts.
  await expect(body(a).getByText(mine, { exact: true })).toBeVisible();
  for (const page of [a, b]) {
    await expect(page.getByRole('group', { name: 'Conflict', exact: true })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Notebooks' }).getByRole('button', { name: /^Conflicts/ })
    ).toHaveCount(0);
    await expect(body(page).getByText(theirs, { exact: true })).toHaveCount(0);
  }
  // The other version stays recoverable in the note's History.
  await a.getByRole('button', { name: 'History' }).click();
  const history = a.getByRole('dialog', { name: 'Note history' });
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('button');
  await expect(versions.first()).toBeVisible();
  // Each version's preview is read once its button shows it selected; the whole look is retried
  // until the other version is among them, in case its revision is still being written.
  await expect(async () => {
    const previews: string[] = [];
    for (let i = 0; i < (await versions.count()); i++) {
      await versions.nth(i).click();
      await expect(versions.nth(i)).toHaveAttribute('aria-pressed', 'true');
      previews.push((await history.getByRole('region', { name: 'Preview' }).textContent()) ?? '');
    }
    expect(previews.some((text) => text.includes(theirs))).toBe(true);
  }).toPass({ timeout: 15_000 });
});

test('resolving a merge conflict in the editor closes its copy under Conflicts, even open in another tab', async ({
  context
}) => {
  const { a, b } = await twoTabs(context);
  await typeInBoth(a, b, ['Beta.', 'Beta.'], [' Version A.', ' Version B.']);
  await expect(a.getByRole('group', { name: 'Conflict', exact: true })).toBeVisible();
  await expect(saveStatus(b)).toHaveText('Saved');
  await openConflictCopy(b);
  await a
    .getByRole('group', { name: 'Conflict', exact: true })
    .getByRole('button', { name: 'Keep theirs' })
    .click();
  await expect(a.getByRole('group', { name: 'Conflict', exact: true })).toHaveCount(0);
  for (const page of [a, b]) {
    await expect(
      page.getByRole('navigation', { name: 'Notebooks' }).getByRole('button', { name: /^Conflicts [1-9]/ })
    ).toHaveCount(0);
  }
  // The copy that was open in b is gone (its text is in the note's History), so its panel is too.
  await expect(b.getByRole('group', { name: 'Conflict', exact: true })).toHaveCount(0);
  await expect(b.getByRole('status').filter({ hasText: 'moved to the trash or deleted' })).toBeVisible();
});
