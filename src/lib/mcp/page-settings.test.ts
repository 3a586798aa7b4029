import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import { bridgeSocketUrl } from './bridge-link';
import {
  DEFAULT_MCP_SETTINGS,
  loadMcpPageSettings,
  normalizeMcpPageSettings,
  parseOrigin,
  saveMcpPageSettings
} from './page-settings';

describe('MCP page settings', () => {
  it('is all off by default', async () => {
    expect(await loadMcpPageSettings(freshDb())).toEqual(DEFAULT_MCP_SETTINGS);
  });

  it('stores a change and keeps the rest', async () => {
    const db = freshDb();
    await saveMcpPageSettings(db, { desktop: true });
    await saveMcpPageSettings(db, { pairingToken: 'abc' });
    expect(await loadMcpPageSettings(db)).toMatchObject({
      desktop: true,
      pairingToken: 'abc',
      webmcp: false
    });
  });

  it('drops embedding origins that are not origins', () => {
    expect(
      normalizeMcpPageSettings({
        embedOrigins: ['https://ok.example', 'https://ok.example/path', 'javascript:alert(1)', 'nope']
      }).embedOrigins
    ).toEqual(['https://ok.example']);
  });

  it('parses an origin', () => {
    expect([
      parseOrigin('https://a.example:8443/'),
      parseOrigin('ftp://a.example'),
      parseOrigin('x')
    ]).toEqual(['https://a.example:8443', null, null]);
  });
});

describe('Bridge URL', () => {
  it('turns the printed Bridge URL into the tab socket URL', () => {
    expect(bridgeSocketUrl('http://127.0.0.1:7411')).toBe('ws://127.0.0.1:7411/tab');
  });

  it('refuses a bridge that is not on loopback', () => {
    expect([
      bridgeSocketUrl('http://evil.example:7411'),
      bridgeSocketUrl('file:///x'),
      bridgeSocketUrl('not a url')
    ]).toEqual([null, null, null]);
  });
});
