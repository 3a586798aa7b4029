import { describe, expect, it } from 'vitest';
import { parsePluginFile, validateManifest } from './manifest';

const header = (json: string) => `/* @folio-plugin\n${json}\n*/\nfolio.plugins.register({});\n`;
const good = {
  id: 'com.example.trip',
  name: 'Trip',
  version: '1.0.0',
  description: 'Plans trips.',
  permissions: ['notes:read']
};

describe('parsePluginFile', () => {
  it('reads the manifest header and keeps the whole file as the script', () => {
    const file = header(JSON.stringify(good));
    const parsed = parsePluginFile(file);
    expect(parsed.manifest).toEqual(good);
    expect(parsed.script).toBe(file);
  });

  it('refuses a file without the manifest comment', () => {
    expect(() => parsePluginFile('folio.plugins.register({})')).toThrow(/@folio-plugin/);
  });

  it('refuses a manifest that is not JSON', () => {
    expect(() => parsePluginFile(header('{ id: x }'))).toThrow(/not valid JSON/);
  });

  it('refuses an empty file', () => {
    expect(() => parsePluginFile('  ')).toThrow(/empty/);
  });
});

describe('validateManifest', () => {
  it('refuses an unknown permission', () => {
    expect(() => validateManifest({ ...good, permissions: ['notes:delete'] })).toThrow(
      /unknown permission: "notes:delete"/
    );
  });

  it('refuses an id with upper-case letters or slashes', () => {
    expect(() => validateManifest({ ...good, id: 'Com/Evil' })).toThrow(/plugin id "Com\/Evil"/);
  });

  it('refuses a version that is not x.y.z', () => {
    expect(() => validateManifest({ ...good, version: 'latest' })).toThrow(/version "latest"/);
  });

  it('drops unknown fields and repeated permissions', () => {
    const manifest = validateManifest({ ...good, permissions: ['network', 'network'], extra: 1 });
    expect(manifest).toEqual({ ...good, permissions: ['network'] });
  });

  it('refuses a manifest without a name', () => {
    expect(() => validateManifest({ ...good, name: '' })).toThrow(/"name"/);
  });

  it('refuses a plugin that calls itself Folio, in any case or width', () => {
    for (const name of ['Folio', ' folio ', 'ＦＯＬＩＯ']) {
      expect(() => validateManifest({ id: 'x.y', name, version: '1.0.0' }), name).toThrow(
        'A plugin may not call itself Folio.'
      );
    }
  });
});
