import { describe, expect, it } from 'vitest';
import { entriesIn, parseMultistatus } from './webdav-xml';

describe('parseMultistatus', () => {
  it('reads any DAV prefix, absolute-URL hrefs and percent-encoding', () => {
    const xml = `<?xml version="1.0"?><a:multistatus xmlns:a="DAV:" xmlns:b="urn:x">
      <a:response><a:href>https://h.example/dav/My%20Notes/</a:href><a:propstat><a:prop><a:resourcetype><a:collection/></a:resourcetype></a:prop><a:status>HTTP/1.1 200 OK</a:status></a:propstat></a:response>
      <a:response><a:href>/dav/My%20Notes/0123456789abcdef0123456789abcdef.md</a:href><a:propstat><a:prop><a:getlastmodified>Tue, 01 Dec 2026 10:20:40 GMT</a:getlastmodified><a:getetag>"e1"</a:getetag><a:getcontentlength>42</a:getcontentlength><a:resourcetype/></a:prop><a:status>HTTP/1.1 200 OK</a:status></a:propstat></a:response>
    </a:multistatus>`;
    const entries = entriesIn(parseMultistatus(xml), '/dav/My Notes');
    expect(entries).toEqual([
      {
        name: '0123456789abcdef0123456789abcdef.md',
        isDir: false,
        mtime: Date.parse('Tue, 01 Dec 2026 10:20:40 GMT'),
        fingerprint: 'e"e1"'
      }
    ]);
  });

  it('reads a server that puts DAV: in the default namespace, without ETags', () => {
    const xml = `<multistatus xmlns="DAV:"><response><href>/d/x.md</href><propstat><prop><getlastmodified>Tue, 01 Dec 2026 10:20:40 GMT</getlastmodified><getcontentlength>7</getcontentlength></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`;
    expect(entriesIn(parseMultistatus(xml), '/d')[0]).toMatchObject({
      name: 'x.md',
      fingerprint: `t${Date.parse('Tue, 01 Dec 2026 10:20:40 GMT')}:7`
    });
  });

  it('takes an answer whose every propstat is 404 for a missing file (nginx)', () => {
    const xml = `<D:multistatus xmlns:D="DAV:"><D:response><D:href>/notes/a.md</D:href><D:propstat><D:prop/><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat></D:response></D:multistatus>`;
    expect(parseMultistatus(xml)[0].missing).toBe(true);
  });

  it('refuses an HTML page', () => {
    expect(() => parseMultistatus('<html><body>Login</body></html>')).toThrow(TypeError);
  });
});
