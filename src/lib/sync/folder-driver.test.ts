import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderHandle } from '../../../tests/sync/node-folder';
import { FolderDriver } from './folder-driver';

let dir: string;
let driver: FolderDriver;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-folder-driver-'));
  driver = new FolderDriver(await folderHandle(dir));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('FolderDriver', () => {
  it('writes, lists, reads and deletes files in nested folders', async () => {
    await driver.mkdir('.resource');
    const fingerprint = await driver.put('.resource/abc', new Blob([new Uint8Array([1, 2, 3])]));
    await driver.put('a.md', 'hello');
    expect(readFileSync(join(dir, 'a.md'), 'utf8')).toBe('hello');
    const entries = await driver.list('');
    expect(entries.map((e) => [e.name, e.isDir]).sort()).toEqual([
      ['.resource', true],
      ['a.md', false]
    ]);
    expect((await driver.list('.resource'))[0].fingerprint).toBe(fingerprint);
    expect(new Uint8Array(await (await driver.getBlob('.resource/abc'))!.arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3])
    );
    await driver.delete('a.md');
    await driver.delete('a.md');
    expect(await driver.getText('a.md')).toBeNull();
  });

  it('answers null for what is not there, and not_found for a missing folder', async () => {
    expect(await driver.getText('nope.md')).toBeNull();
    expect(await driver.stat('nope/x.md')).toBeNull();
    await expect(driver.list('missing')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('changes the fingerprint when another program rewrites a file', async () => {
    mkdirSync(join(dir, 'locks'));
    const before = await driver.put('x.md', 'one');
    await new Promise((r) => setTimeout(r, 15));
    writeFileSync(join(dir, 'x.md'), 'two!');
    expect((await driver.stat('x.md'))?.fingerprint).not.toBe(before);
  });
});
