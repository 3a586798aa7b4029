// The editor a Markdown note-taker expects: typing Markdown makes Markdown, editing keeps every
// line not touched (through the browser's own typing path), links open notes in the app.
import { expect, test, type Page } from '@playwright/test';
import { body, notesList, openApp, saveStatus, title } from './shell-helpers';
import { caretAfter, openNote, openWithNotes, storedBody } from './editor-helpers';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

test('a link, a table and a list typed line by line are saved as Markdown and come back after a reload', async ({
  page
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  // New note puts the cursor in the Title; Enter goes on to the body.
  await page.keyboard.type('Plans');
  await expect(title(page)).toHaveValue('Plans');
  await page.keyboard.press('Enter');
  await page.keyboard.type('See [the wiki](https://example.com/wiki) first.');
  await page.keyboard.press('Enter');
  // A fenced block typed with its closing fence (Enter after ``` leaves the code), a rule, a task.
  const lines = [
    '| Item | Cost |',
    '| Train | 42 |',
    '',
    '- socks',
    '- boots',
    '',
    '```sh',
    'npm ci',
    '```',
    '---',
    '[ ] call home',
    '',
    'Done.'
  ];
  for (const line of lines) {
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Backspace');
  await expect(saveStatus(page)).toHaveText('Saved');
  expect(await storedBody(page, 'Plans')).toBe(
    'See [the wiki](https://example.com/wiki) first.\n\n| Item | Cost |\n| --- | --- |\n| Train | 42 |\n\n- socks\n- boots\n\n```sh\nnpm ci\n```\n\n---\n\n- [ ] call home\n\nDone.\n'
  );
  await page.reload();
  await openNote(page, 'Plans');
  await expect(body(page).getByRole('link', { name: 'the wiki' })).toHaveAttribute(
    'href',
    'https://example.com/wiki'
  );
  await expect(body(page).getByRole('table')).toContainText('Train');
  await expect(body(page).getByRole('listitem')).toHaveText(['socks', 'boots', 'call home']);
  await expect(body(page).locator('pre')).toHaveText('npm ci');
  await expect(body(page).locator('hr')).toHaveCount(1);
  await expect(body(page).getByRole('checkbox')).toHaveCount(1);
});

test('what is typed on after Enter in a new note’s Title, before its editor has loaded, lands in the body', async ({
  page
}) => {
  // Hold the editor's code (the chunk with its placeholder text) until the body has been typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_app\/immutable\/.*\.js$/, async (route) => {
    try {
      const response = await route.fetch();
      const text = await response.text();
      if (text.includes('Start writing. Markdown works')) await held;
      await route.fulfill({ response, body: text });
    } catch {
      // The page closed while a chunk was in flight (the end of the test; the worker loads its
      // chunks late): nothing to serve. Left uncaught, it failed the next test in this worker.
    }
  });
  await openApp(page);
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  await page.keyboard.type('Plans');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- socks');
  await page.keyboard.press('Enter');
  await page.keyboard.type('boots');
  await expect(title(page)).toHaveValue('Plans');
  await expect(body(page)).toHaveCount(0); // the editor is still loading
  release();
  await expect(body(page).getByRole('listitem')).toHaveText(['socks', 'boots']);
  // The body has the focus now: typing goes on there.
  await page.keyboard.press('Enter');
  await page.keyboard.type('hat');
  await expect(body(page).getByRole('listitem')).toHaveText(['socks', 'boots', 'hat']);
  await expect(title(page)).toHaveValue('Plans');
  await expect(saveStatus(page)).toHaveText('Saved');
  expect(await storedBody(page, 'Plans')).toBe('- socks\n- boots\n- hat\n');
});

/** Pastes `text` as plain text into the note body where the caret is, as Ctrl+V from another app does. */
async function pasteText(page: Page, text: string): Promise<void> {
  await page.evaluate(async (pasted) => {
    // ProseMirror takes the caret from the DOM on selectionchange: let it see the caret first.
    await new Promise(requestAnimationFrame);
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    document
      .querySelector('[aria-label="Note body"]')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('Markdown pasted mid-paragraph keeps its heading and list; words pasted mid-sentence stay in it', async ({
  page
}) => {
  await openWithNotes(page, [{ id: A, title: 'Trip', body: 'Before leaving: check the weather.\n' }]);
  await openNote(page, 'Trip');
  await caretAfter(page, 'Before leaving: ');
  await pasteText(page, '# Packing\n\n- socks\n- boots\n\nAnd ');
  await expect(body(page).getByRole('heading', { name: 'Packing' })).toBeVisible();
  await expect(body(page).getByRole('listitem')).toHaveText(['socks', 'boots']);
  await caretAfter(page, 'And ');
  await pasteText(page, 'always ');
  const stored = 'Before leaving: \n\n# Packing\n\n- socks\n- boots\n\nAnd always check the weather.\n';
  await expect(saveStatus(page)).toHaveText('Saved');
  await expect.poll(() => storedBody(page, 'Trip')).toBe(stored);
  await page.reload();
  await openNote(page, 'Trip');
  await expect(body(page).getByRole('heading', { name: 'Packing' })).toBeVisible();
  await expect(body(page).getByRole('listitem')).toHaveText(['socks', 'boots']);
  await expect(body(page).locator('p').last()).toHaveText('And always check the weather.');
});

const HARD_WRAPPED = [
  '# Reading notes',
  'First line of a paragraph',
  'second line of it',
  'third line.',
  '',
  '> [!warning]- Spoilers',
  '> The ending is discussed.',
  '',
  'Term',
  ': its definition',
  '',
  'A note with a footnote[^1] and a [[Wiki link]] and ==highlight==.',
  '![[diagram.png]]',
  '',
  'Two-space hard break  ',
  'and the next line.',
  '',
  '| Name  | Qty |',
  '| ----- | --- |',
  '| Apple | 3   |',
  '| Pear  | 10  |',
  '',
  '- item',
  '    continued with four spaces',
  '- second',
  '',
  '[^1]: The first footnote.',
  '[^2]: A second one,',
  '    continued.',
  ''
].join('\n');

test('typing in a hard-wrapped note changes only what was typed, line breaks and all', async ({ page }) => {
  await openWithNotes(page, [{ id: A, title: 'Wrapped', body: HARD_WRAPPED }]);
  await openNote(page, 'Wrapped');
  // One character typed and deleted: the note is given back byte for byte.
  await caretAfter(page, 'second line of it');
  await page.keyboard.type('!');
  await expect(saveStatus(page)).toHaveText('Saved');
  expect(await storedBody(page, 'Wrapped')).toBe(
    HARD_WRAPPED.replace('second line of it', 'second line of it!')
  );
  await page.keyboard.press('Backspace');
  await expect(saveStatus(page)).toHaveText('Saved');
  await expect.poll(() => storedBody(page, 'Wrapped')).toBe(HARD_WRAPPED);
  // Next to footnotes, callouts, definitions, wiki links and in a padded table: only the typed text.
  const edits: [string, string][] = [
    ['The ending is discussed', ' here'],
    ['its definition', ' too'],
    ['highlight', 's'],
    ['and the next line', ' again'],
    ['continued with four spaces', ' more'],
    ['A second one', ' again']
  ];
  let expected = HARD_WRAPPED;
  for (const [after, text] of edits) {
    await caretAfter(page, after);
    await page.keyboard.type(text);
    expected = expected.replace(after, after + text);
  }
  // In a padded table the edited row keeps its width; the other rows stay as they were.
  await caretAfter(page, 'Pear');
  await page.keyboard.type('s');
  expected = expected.replace('| Pear  |', '| Pears |');
  await expect(saveStatus(page)).toHaveText('Saved');
  await expect.poll(() => storedBody(page, 'Wrapped')).toBe(expected);
});

test('a note link opens the note in the app on click, and Back returns', async ({ page }) => {
  await openWithNotes(page, [
    { id: A, title: 'Trip', body: `See [the packing list](:/${B}) before leaving.\n` },
    { id: B, title: 'Packing list', body: 'socks\n' }
  ]);
  await openNote(page, 'Trip');
  const url = page.url();
  await body(page).getByRole('link', { name: 'the packing list' }).click();
  await expect(title(page)).toHaveValue('Packing list');
  expect(page.url()).toBe(url);
  await page.goBack();
  await expect(title(page)).toHaveValue('Trip');
  await page.goForward();
  await expect(title(page)).toHaveValue('Packing list');
  // An installed app has no browser Back: the note says where it came from.
  await page.getByRole('button', { name: 'Previous note' }).click();
  await expect(title(page)).toHaveValue('Trip');
});

test('a link to a missing note says so, and an external link opens in a new tab', async ({
  page,
  context
}) => {
  await openWithNotes(page, [
    { id: A, title: 'Links', body: `[gone](:/${'c'.repeat(32)}) and [site](https://example.org/)\n` }
  ]);
  await openNote(page, 'Links');
  await body(page).getByRole('link', { name: 'gone' }).click();
  await expect(page.getByRole('alert')).toContainText('does not exist');
  await expect(title(page)).toHaveValue('Links');
  await context.route('https://example.org/**', (route) =>
    route.fulfill({ body: 'elsewhere', contentType: 'text/plain' })
  );
  const popup = context.waitForEvent('page');
  await body(page).getByRole('link', { name: 'site' }).click();
  const opened = await popup;
  expect(opened.url()).toBe('https://example.org/');
  expect(await opened.evaluate(() => window.opener)).toBeNull();
});

test('[[ picks a note and inserts a :/id link; the linked note lists it under Linked from', async ({
  page
}) => {
  await openWithNotes(page, [{ id: B, title: 'Packing list', body: 'socks\n' }]);
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  await page.keyboard.type('Weekend');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Bring the [[Pack');
  const picker = page.getByRole('listbox', { name: 'Link to note' });
  await expect(picker.getByRole('option', { name: 'Packing list' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await page.keyboard.type(' along.');
  await expect(saveStatus(page)).toHaveText('Saved');
  expect(await storedBody(page, 'Weekend')).toBe(`Bring the [Packing list](:/${B}) along.\n`);
  await body(page).getByRole('link', { name: 'Packing list' }).click();
  await expect(title(page)).toHaveValue('Packing list');
  const linkedFrom = page.getByRole('region', { name: 'Linked from' });
  await expect(linkedFrom.getByRole('link', { name: 'Weekend' })).toBeVisible({ timeout: 15_000 });
  await linkedFrom.getByRole('link', { name: 'Weekend' }).click();
  await expect(title(page)).toHaveValue('Weekend');
});

test('New note and Alt+N put the cursor in the Title, wherever the focus was', async ({ page }) => {
  await openApp(page);
  await page.getByRole('searchbox', { name: 'Search notes' }).click();
  await page.keyboard.press('Alt+N');
  await page.keyboard.type('Groceries');
  await expect(title(page)).toHaveValue('Groceries');
  await expect(page.getByRole('searchbox', { name: 'Search notes' })).toHaveValue('');
  await page.keyboard.press('Enter');
  await expect(body(page)).toBeFocused();
  await expect(body(page).locator('p.placeholder')).toHaveAttribute('data-placeholder', /Start writing/);
  await page.keyboard.type('milk and eggs');
  await expect(page.getByLabel('Word count')).toHaveText(/3 words · 13 characters/);
});

test('the note list sorts by title and remembers it', async ({ page }) => {
  await openWithNotes(page, [
    { id: A, title: 'banana', body: '' },
    { id: B, title: 'Apple', body: '' },
    { id: 'c'.repeat(32), title: 'cherry', body: '' }
  ]);
  await page.getByRole('combobox', { name: 'Sort notes' }).selectOption('Title');
  await expect(notesList(page).getByRole('option')).toHaveText([/Apple/, /banana/, /cherry/]);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort notes' })).toHaveValue('title');
  await expect(notesList(page).getByRole('option')).toHaveText([/Apple/, /banana/, /cherry/]);
});

test('printing shows the open note alone', async ({ page }) => {
  await openWithNotes(page, [
    { id: A, title: 'Recipe', body: '# Bread\n\nFlour, water and salt.\n' },
    { id: B, title: 'Other', body: 'Not printed.\n' }
  ]);
  await openNote(page, 'Recipe');
  await expect(body(page)).toContainText('Flour, water and salt.');
  await page.emulateMedia({ media: 'print' });
  await expect(title(page)).toBeVisible();
  await expect(body(page)).toContainText('Flour, water and salt.');
  for (const hidden of [
    notesList(page),
    page.getByRole('toolbar', { name: 'Note' }),
    page.getByRole('toolbar', { name: 'Formatting' }),
    page.getByLabel('Word count'),
    page.getByRole('button', { name: 'New note', exact: true })
  ]) {
    await expect(hidden).toBeHidden();
  }
  await page.emulateMedia({ media: 'screen' });
  await expect(notesList(page)).toBeVisible();
});
