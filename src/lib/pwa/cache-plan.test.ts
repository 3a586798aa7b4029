import { describe, expect, it } from 'vitest';
import { planCaches, tooBigToPrecache } from './cache-plan';

const build = [
  '/_app/immutable/entry/app.js',
  '/_app/immutable/chunks/web-llm.Ab12.js',
  '/_app/immutable/workers/workspace.worker-X.js',
  '/_app/version.json'
];
const files = ['/manifest.webmanifest', '/icons/icon-192.png'];

describe('planCaches', () => {
  it('precaches the build and the static files', () => {
    expect(planCaches(build, files, '').precache).toEqual([
      '/_app/immutable/entry/app.js',
      '/_app/immutable/workers/workspace.worker-X.js',
      '/manifest.webmanifest',
      '/icons/icon-192.png'
    ]);
  });

  it('leaves the web-llm chunk to the runtime cache', () => {
    const plan = planCaches(build, files, '');
    expect(plan.precache).not.toContain('/_app/immutable/chunks/web-llm.Ab12.js');
    expect(plan.appFiles.has('/_app/immutable/chunks/web-llm.Ab12.js')).toBe(true);
  });

  it('never caches version.json, which SvelteKit polls for updates', () => {
    const plan = planCaches(build, files, '');
    expect(plan.appFiles.has('/_app/version.json')).toBe(false);
  });

  it('falls back to the static adapter page under the base path', () => {
    const plan = planCaches(['/folio/_app/version.json'], [], '/folio');
    expect(plan).toMatchObject({ shellKey: '/folio/', shellSources: ['/folio/', '/folio/200.html'] });
    expect(plan.appFiles.size).toBe(0);
  });
});

describe('tooBigToPrecache', () => {
  it('refuses a file over 1 MB', () => {
    expect(tooBigToPrecache(String(7 * 1024 * 1024))).toBe(true);
  });

  it('accepts a small file and one of unknown length', () => {
    expect(tooBigToPrecache('2048')).toBe(false);
    expect(tooBigToPrecache(null)).toBe(false);
  });
});
