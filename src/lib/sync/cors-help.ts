/**
 * What a WebDAV server must send so that Folio, a web page on another origin, may use it (CORS),
 * as snippets for the servers people run. Shown by Test connection when a browser refused the
 * server's answers, and in the README.
 */

/** One server's configuration snippet. */
export interface CorsSnippet {
  server: string;
  text: string;
}

const METHODS = 'GET, HEAD, PUT, DELETE, MKCOL, PROPFIND, MOVE, COPY, OPTIONS';
const HEADERS = 'Authorization, Content-Type, Depth, Destination, Overwrite, Cache-Control';

/** The snippets allowing `origin` (e.g. https://folio.example). */
export function corsSnippets(origin: string): CorsSnippet[] {
  return [
    {
      server: 'Apache (mod_dav, inside the WebDAV <Location> or <Directory>)',
      text: [
        `Header always set Access-Control-Allow-Origin "${origin}"`,
        `Header always set Access-Control-Allow-Methods "${METHODS}"`,
        `Header always set Access-Control-Allow-Headers "${HEADERS}"`,
        'Header always set Access-Control-Expose-Headers "ETag, DAV"',
        'RewriteEngine On',
        'RewriteCond %{REQUEST_METHOD} OPTIONS',
        'RewriteRule ^(.*)$ $1 [R=204,L]',
        '# Browsers send the OPTIONS preflight without credentials: let it through.',
        '<LimitExcept OPTIONS>',
        '  Require valid-user',
        '</LimitExcept>'
      ].join('\n')
    },
    {
      server: 'nginx (inside the WebDAV location block)',
      text: [
        `add_header Access-Control-Allow-Origin "${origin}" always;`,
        `add_header Access-Control-Allow-Methods "${METHODS}" always;`,
        `add_header Access-Control-Allow-Headers "${HEADERS}" always;`,
        'add_header Access-Control-Expose-Headers "ETag, DAV" always;',
        'if ($request_method = OPTIONS) { return 204; }'
      ].join('\n')
    },
    {
      server: 'rclone (any cloud rclone reaches, served as WebDAV)',
      text: `rclone serve webdav REMOTE:Joplin --addr :8080 --user USER --pass PASS --allow-origin ${origin}`
    }
  ];
}
