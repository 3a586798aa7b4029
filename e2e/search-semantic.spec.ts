// Semantic search in the built app: the user picks an OpenAI-compatible embeddings server in
// Settings, notes are indexed in the background (progress bar, pause, resume), and Related notes
// appear under the open note. The server here is a real HTTP server on loopback speaking the
// `/v1/embeddings` wire format (with CORS, as a local Ollama or llama.cpp would); it holds its replies
// while the test says so, so that what the user sees between a request and its answer (a batch in
// flight when Pause is clicked) is reached on any machine, however loaded, instead of by a delay; its
// vectors are hashed bags of words, so similar words are near.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { addNote as createNote } from './search-helpers';
import { notesList, openApp } from './shell-helpers';
import { openSettings } from './settings-helpers';

const DIMENSIONS = 64;

function embed(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
    vector[hash % DIMENSIONS] += 1;
  }
  return vector;
}

let server: Server;
let baseUrl: string;
let requests = 0;
// While `holding`, answers wait in `held` until the test releases them.
let holding = false;
let held: (() => void)[] = [];

function release(keepHolding: boolean): void {
  holding = keepHolding;
  const answers = held;
  held = [];
  for (const answer of answers) answer();
}

test.beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      requests++;
      const { input, model } = JSON.parse(raw) as { input: string[]; model: string };
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) }));
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ object: 'list', model, data, usage: { prompt_tokens: 0, total_tokens: 0 } })
        );
      };
      if (holding) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function chooseEmbeddingServer(page: Page): Promise<void> {
  const dialog = await openSettings(page, 'Semantic search');
  await dialog
    .getByRole('combobox', { name: 'Embedding model' })
    .selectOption({ label: 'OpenAI-compatible server' });
  await dialog.getByRole('textbox', { name: 'Embeddings base URL' }).fill(baseUrl);
  await dialog.getByRole('textbox', { name: 'Embeddings model' }).fill('test-embed');
  await dialog.getByRole('button', { name: 'Use this embedding model' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'indexed in the background' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

test('notes are indexed in the background with pause and resume, then Related notes appear', async ({
  page
}) => {
  test.setTimeout(120_000);
  await openApp(page);
  await createNote(page, 'Sourdough starter', 'feed the sourdough starter with flour and water');
  await createNote(page, 'Sourdough loaf', 'bake the sourdough loaf from starter flour and water');
  await createNote(page, 'Tax return', 'annual tax forms and receipts');
  for (let i = 1; i <= 7; i++) await createNote(page, `Filler ${i}`, `unrelated words number ${i}`);
  // Related notes stay hidden while no embedder is configured.
  await expect(page.getByRole('heading', { name: 'Related notes' })).toHaveCount(0);

  holding = true;
  await chooseEmbeddingServer(page);
  const progress = page.getByRole('progressbar', { name: 'Indexing notes' });
  await expect(progress).toBeVisible();
  // The first batch (8 notes) is with the server, which keeps its answer until Pause has taken effect.
  await expect.poll(() => requests, { timeout: 15_000 }).toBe(1);
  await page.getByRole('button', { name: 'Pause indexing' }).click();
  await expect(page.getByText('Indexing paused: 0 of 10')).toBeVisible();
  // The batch in flight finishes and is saved; the next one waits for Resume.
  release(true);
  await expect(page.getByText('Indexing paused: 8 of 10')).toBeVisible({ timeout: 10_000 });
  // Nothing more is asked while paused (a wait for something that must not happen).
  await page.waitForTimeout(2_000);
  expect(requests).toBe(1);
  await expect(page.getByText('Indexing paused: 8 of 10')).toBeVisible();
  release(false);
  await page.getByRole('button', { name: 'Resume indexing' }).click();
  await expect(progress).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(requests).toBeGreaterThanOrEqual(2);

  await notesList(page).getByRole('option', { name: 'Sourdough starter' }).click();
  const related = page.getByRole('region', { name: 'Related notes' });
  await expect(related.getByRole('button').first()).toHaveText('Sourdough loaf', { timeout: 10_000 });
  await related.getByRole('button', { name: 'Sourdough loaf' }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Sourdough loaf');
});
