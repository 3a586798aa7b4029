// Draws Folio's icons (static/icons/) from one shape description: the SVG, and PNGs rasterized here
// with 4x4 supersampling and written with node:zlib, so they come out byte-identical on any machine
// without a browser or an image library. Run: node tests/icons/generate-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../../static/icons/', import.meta.url));
const ACCENT = [0x2f, 0x6f, 0xdb];
const PAGE = [0xff, 0xff, 0xff];
const FOLD = [0xc9, 0xda, 0xf8];
const LINE = [0x2f, 0x6f, 0xdb];

// Geometry on a 512 grid. The page sits inside the maskable safe zone (a circle of radius 204.8).
const CORNER_RADIUS = 112;
const PAGE_POLYGON = [
  [156, 126],
  [300, 126],
  [356, 182],
  [356, 386],
  [156, 386]
];
const FOLD_POLYGON = [
  [300, 126],
  [300, 182],
  [356, 182]
];
const LINES = [
  [190, 222, 322],
  [190, 262, 322],
  [190, 302, 322],
  [190, 342, 270]
].map(([x1, y, x2]) => ({ x1, y, x2, h: 16 }));

function insideRoundedSquare(x, y, r) {
  const cx = Math.min(Math.max(x, r), 512 - r);
  const cy = Math.min(Math.max(y, r), 512 - r);
  return x >= 0 && y >= 0 && x <= 512 && y <= 512 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Even-odd point-in-polygon. */
function insidePolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideLine(x, y, { x1, y: top, x2, h }) {
  const r = h / 2;
  const cy = top + r;
  const cx = Math.min(Math.max(x, x1 + r), x2 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The colour at a point of the 512 grid, or null where the icon is transparent. */
function colorAt(x, y, maskable) {
  if (!maskable && !insideRoundedSquare(x, y, CORNER_RADIUS)) return null;
  if (LINES.some((line) => insideLine(x, y, line))) return LINE;
  if (insidePolygon(x, y, FOLD_POLYGON)) return FOLD;
  if (insidePolygon(x, y, PAGE_POLYGON)) return PAGE;
  return ACCENT;
}

function rasterize(size, maskable) {
  const SS = 4;
  const pixels = Buffer.alloc(size * size * 4);
  const scale = 512 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      let covered = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const color = colorAt((px + (sx + 0.5) / SS) * scale, (py + (sy + 0.5) / SS) * scale, maskable);
          if (!color) continue;
          covered++;
          for (let c = 0; c < 3; c++) sum[c] += color[c];
        }
      }
      const o = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) pixels[o + c] = covered ? Math.round(sum[c] / covered) : 0;
      pixels[o + 3] = Math.round((covered / (SS * SS)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0))
  ]);
}

const hex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
const points = (polygon) => polygon.map((p) => p.join(',')).join(' ');

function svg() {
  const lines = LINES.map(
    ({ x1, y, x2, h }) =>
      `  <rect x="${x1}" y="${y}" width="${x2 - x1}" height="${h}" rx="${h / 2}" fill="${hex(LINE)}"/>`
  );
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">',
    `  <rect width="512" height="512" rx="${CORNER_RADIUS}" fill="${hex(ACCENT)}"/>`,
    `  <polygon points="${points(PAGE_POLYGON)}" fill="${hex(PAGE)}"/>`,
    `  <polygon points="${points(FOLD_POLYGON)}" fill="${hex(FOLD)}"/>`,
    ...lines,
    '</svg>',
    ''
  ].join('\n');
}

writeFileSync(`${OUT}icon.svg`, svg());
for (const size of [192, 512]) {
  writeFileSync(`${OUT}icon-${size}.png`, png(size, rasterize(size, false)));
  writeFileSync(`${OUT}icon-maskable-${size}.png`, png(size, rasterize(size, true)));
}
