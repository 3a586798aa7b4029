import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The built workspace worker, loaded the way the app's `getWorkspace()` loads it, under the app's
// policy (worker-src), and spoken to with Comlink's own wire messages, so no test hook is needed in
// the app. The file is the one the app's own code names (`new URL('../workers/workspace.worker-
// <hash>.js', import.meta.url)` in a built chunk): if the build stops emitting or naming it, this
// spec fails instead of skipping.
const CHUNKS_DIR = fileURLToPath(new URL('../build/_app/immutable/chunks/', import.meta.url));
const WORKER_REFERENCE = /workers\/(workspace\.worker-[A-Za-z0-9_-]+\.js)/;

/** The workspace worker's file name as the built app refers to it, or why it cannot be found. */
function builtWorkerFile(): { file: string } | { problem: string } {
  if (!existsSync(CHUNKS_DIR)) return { problem: `no build at ${CHUNKS_DIR}: run \`vite build\` first` };
  for (const name of readdirSync(CHUNKS_DIR).filter((file) => file.endsWith('.js'))) {
    const found = WORKER_REFERENCE.exec(readFileSync(join(CHUNKS_DIR, name), 'utf8'));
    if (found) return { file: found[1] };
  }
  return { problem: 'no built chunk of the app loads a workspace.worker-<hash>.js' };
}

test.describe("the workspace worker under the app's policy", () => {
  test('the build names its workspace worker, and the file is there', () => {
    const found = builtWorkerFile();
    expect('problem' in found ? found.problem : '').toBe('');
    expect(
      existsSync(
        fileURLToPath(
          new URL(`../build/_app/immutable/workers/${(found as { file: string }).file}`, import.meta.url)
        )
      )
    ).toBe(true);
  });

  test('starts, opens the database and answers ping over Comlink', async ({ page }) => {
    const found = builtWorkerFile();
    if ('problem' in found) throw new Error(found.problem);
    await page.goto('/');
    const answers = await page.evaluate(async (url) => {
      const worker = new Worker(url, { type: 'module' });
      const next = () =>
        Promise.race([
          new Promise((resolve) =>
            worker.addEventListener('message', (event) => resolve(event.data), { once: true })
          ),
          new Promise((resolve) => setTimeout(() => resolve('no answer within 10 s'), 10_000))
        ]);
      const call = (id: string, method: string) => {
        const answer = next();
        worker.postMessage({ id, type: 'APPLY', path: [method], argumentList: [] });
        return answer;
      };
      const ready = await next();
      const ping = await call('1', 'ping');
      const info = await call('2', 'info');
      worker.terminate();
      return { ready, ping, info };
    }, `/_app/immutable/workers/${found.file}`);
    expect(answers).toEqual({
      ready: { type: 'folio-ready' },
      ping: { id: '1', type: 'RAW', value: 'pong' },
      info: { id: '2', type: 'RAW', value: { database: 'folio', schemaVersion: expect.any(Number) } }
    });
  });
});
