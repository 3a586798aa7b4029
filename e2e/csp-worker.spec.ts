import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The built workspace worker, loaded the way the app's `getWorkspace()` loads it, under the app's
// policy (worker-src), and spoken to with Comlink's own wire messages, so no test hook is needed in
// the app. Its file exists once the app references `getWorkspace()`.
const WORKERS_DIR = fileURLToPath(new URL('../build/_app/immutable/workers/', import.meta.url));
const workerFile = existsSync(WORKERS_DIR) ? readdirSync(WORKERS_DIR).find((name) => /^workspace\.worker-.+\.js$/.test(name)) : undefined;

test.describe('the workspace worker under the app\'s policy', () => {
  test.skip(!workerFile, 'the build has no workspace worker: nothing in the app references getWorkspace() yet');

  test('starts, opens the database and answers ping over Comlink', async ({ page }) => {
    await page.goto('/');
    const answers = await page.evaluate(async (url) => {
      const worker = new Worker(url, { type: 'module' });
      const next = () =>
        Promise.race([
          new Promise((resolve) => worker.addEventListener('message', (event) => resolve(event.data), { once: true })),
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
    }, `/_app/immutable/workers/${workerFile}`);
    expect(answers).toEqual({
      ready: { type: 'folio-ready' },
      ping: { id: '1', type: 'RAW', value: 'pong' },
      info: { id: '2', type: 'RAW', value: { database: 'folio', schemaVersion: expect.any(Number) } }
    });
  });
});
