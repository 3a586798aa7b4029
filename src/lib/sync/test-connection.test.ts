import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDavServer, type DavServer } from '../../../tests/sync/dav-server';
import { davDriver } from '../../../tests/sync/device';
import { newTargetInfoJson } from './target-info';
import { testConnection } from './test-connection';
import { WebDavDriver } from './webdav-driver';

let server: DavServer;
beforeAll(async () => {
  server = await startDavServer();
});
afterAll(() => server.close());

const env = { origin: 'http://localhost:4173' };

describe('testConnection', () => {
  it('says an empty folder will be set up, and writes nothing', async () => {
    await server.mkcol('empty');
    const before = server.log.length;
    const check = await testConnection(davDriver(server, 'empty'), server.url('empty'), env);
    expect(check).toMatchObject({ ok: true });
    expect(check.message).toMatch(/It is empty/);
    expect(server.log.slice(before).every((l) => /^(PROPFIND|GET) /.test(l))).toBe(true);
  });

  it('recognises a Joplin sync target and counts its items', async () => {
    await server.mkcol('joplin');
    writeFileSync(join(server.root, 'joplin', 'info.json'), newTargetInfoJson());
    writeFileSync(join(server.root, 'joplin', `${'a'.repeat(32)}.md`), 'x\n\nid: a\ntype_: 1');
    const check = await testConnection(davDriver(server, 'joplin'), server.url('joplin'), env);
    expect(check.message).toMatch(/a Joplin sync target \(sync version 3\) with 1 item\./);
  });

  it('refuses an encrypted target in words', async () => {
    await server.mkcol('e2ee');
    writeFileSync(
      join(server.root, 'e2ee', 'info.json'),
      JSON.stringify({ version: 3, e2ee: { value: true } })
    );
    const check = await testConnection(davDriver(server, 'e2ee'), server.url('e2ee'), env);
    expect(check).toMatchObject({ ok: false, kind: 'encrypted' });
  });

  it('reports a wrong password', async () => {
    await server.mkcol('pw');
    const check = await testConnection(davDriver(server, 'pw', 'nope'), server.url('pw'), env);
    expect(check).toMatchObject({ ok: false, kind: 'auth' });
  });

  it('explains that an https page cannot reach an http server elsewhere', async () => {
    const driver = new WebDavDriver({ url: 'http://files.example/dav', username: '', password: '' });
    expect(
      await testConnection(driver, 'http://files.example/dav', { origin: 'https://folio.example' })
    ).toMatchObject({ ok: false, kind: 'insecure' });
  });

  it('says when nothing answers at the address', async () => {
    const driver = new WebDavDriver({
      url: 'http://127.0.0.1:9/dav',
      username: '',
      password: '',
      retryDelaysMs: []
    });
    const check = await testConnection(driver, 'http://127.0.0.1:9/dav', env);
    expect(check).toMatchObject({ ok: false, kind: 'network' });
  });
});
