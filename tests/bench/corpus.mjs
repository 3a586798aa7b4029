/**
 * A deterministic benchmark corpus of real text: the Markdown shipped in node_modules (plus the
 * CommonMark spec), split at headings into notes. Beyond the number of sections, notes are
 * variants: a section's text joined with a paragraph of another, chosen by a seeded generator.
 * Notes get notebooks (nested), tags, dates, to-dos, source URLs and resource links, so every
 * filter has something to find. Same node_modules (the lockfile pins it) → same corpus.
 *
 * Exports: buildCorpus(n) → { notes, catalog, now }, QUERIES (50 queries in the search syntax),
 * plainPart(query) → the positive plain words of a query, for peers that only know words,
 * markdownRun(bytes) and markdownNote(bytes) → one long note of real Markdown, for the editor,
 * review and app benchmarks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The corpus clock: every relative date in the queries counts from here. */
export const NOW = Date.UTC(2026, 0, 15, 12);
const DAY_MS = 86_400_000;

/** mulberry32: small, fast, seeded. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The .md files under `dir`, sorted by path, whose size in bytes passes `keep`. */
function markdownFiles(dir, keep, out = []) {
  let entries;
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    if (stat.isDirectory()) markdownFiles(path, keep, out);
    else if (/\.md$/i.test(name) && keep(stat.size)) out.push(path);
  }
  return out;
}

/** Splits Markdown at headings (not inside fenced code) into {title, body} sections. */
function splitSections(text) {
  const sections = [];
  let current;
  let fenced = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      if (current) sections.push(current);
      current = { title: heading[1].replace(/[`*_]/g, ''), lines: [] };
    } else if (current) current.lines.push(line);
  }
  if (current) sections.push(current);
  return sections
    .map((s) => ({ title: s.title.slice(0, 120), body: s.lines.join('\n').trim() }))
    .filter((s) => s.body.length >= 40);
}

let cachedSections;
function sections() {
  if (cachedSections) return cachedSections;
  const files = markdownFiles(join(ROOT, 'node_modules'), (size) => size > 200);
  const spec = join(ROOT, 'node_modules/commonmark-spec/spec.txt');
  try {
    if (statSync(spec).isFile()) files.push(spec);
  } catch {
    /* optional */
  }
  cachedSections = files.flatMap((f) => splitSections(readFileSync(f, 'utf8')));
  return cachedSections;
}

/**
 * Real Markdown at least `bytes` long (unless node_modules holds less): the small .md files in
 * node_modules (under 20 KB, so no single file dominates), sorted by path, each ending in a blank
 * line. Same node_modules → same text, so benchmark figures compare across runs.
 */
export function markdownRun(bytes) {
  let text = '';
  for (const path of markdownFiles(join(ROOT, 'node_modules'), (size) => size < 20_000)) {
    text += readFileSync(path, 'utf8').replace(/\r\n?/g, '\n').trimEnd() + '\n\n';
    if (text.length >= bytes) break;
  }
  return text;
}

/** About `bytes` of real Markdown (markdownRun), cut at a blank line so no block is split. */
export function markdownNote(bytes) {
  const text = markdownRun(bytes);
  return text.slice(0, text.lastIndexOf('\n\n', bytes) + 1);
}

const hex = (prefix, n) => (prefix + n.toString(16)).padStart(32, '0');

const NOTEBOOK_NAMES = [
  'Work',
  'Projects',
  'Archive',
  'Reading',
  'Personal',
  'Research',
  'Ideas',
  'Reference',
  'Travel',
  'Recipes'
];
const CHILD_NAMES = ['Inbox', 'Backlog', 'Notes', 'Drafts'];
const TAG_NAMES = [
  'docs',
  'api',
  'guide',
  'important',
  'draft',
  'review',
  'todo-list',
  'reference',
  'example',
  'security',
  'performance',
  'testing',
  'release',
  'config',
  'cli',
  'browser',
  'node',
  'markdown',
  'parser',
  'typescript'
];
const MIMES = ['image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'audio/mpeg'];

function buildCatalog() {
  const notebooks = [];
  NOTEBOOK_NAMES.forEach((title, i) => {
    const id = hex('a', i);
    notebooks.push({ id, title, parent_id: '' });
    CHILD_NAMES.forEach((child, j) =>
      notebooks.push({ id: hex('b', i * 10 + j), title: `${title} ${child}`, parent_id: id })
    );
  });
  const tags = TAG_NAMES.map((title, i) => ({ id: hex('c', i), title }));
  const resources = Array.from({ length: 200 }, (_, i) => ({
    id: hex('d', i),
    mime: MIMES[i % MIMES.length]
  }));
  return { notebooks, tags, resources };
}

function makeNote(i, base, extra, catalog, random) {
  const created = NOW - Math.floor(random() * 6 * 365) * DAY_MS - Math.floor(random() * DAY_MS);
  const updated = Math.min(NOW, created + Math.floor(random() * random() * 400) * DAY_MS);
  const isTodo = random() < 0.15;
  const tagCount = Math.floor(random() * random() * 4);
  const tag_ids = [
    ...new Set(
      Array.from({ length: tagCount }, () => catalog.tags[Math.floor(random() * catalog.tags.length)].id)
    )
  ];
  let body = extra ? `${base.body}\n\n${extra}` : base.body;
  if (random() < 0.1)
    body += `\n\n![attachment](:/${catalog.resources[Math.floor(random() * catalog.resources.length)].id})`;
  return {
    id: hex('e', i),
    title: base.title,
    body,
    parent_id: catalog.notebooks[Math.floor(random() * catalog.notebooks.length)].id,
    created_time: created,
    updated_time: updated,
    user_created_time: created,
    user_updated_time: updated,
    is_todo: isTodo ? 1 : 0,
    todo_due: isTodo && random() < 0.7 ? updated + Math.floor(random() * 60 - 20) * DAY_MS : 0,
    todo_completed: isTodo && random() < 0.5 ? updated : 0,
    source_url:
      random() < 0.2 ? `https://www.npmjs.com/package/${base.title.split(/\s+/)[0].toLowerCase()}` : '',
    latitude: 0,
    longitude: 0,
    altitude: 0,
    tag_ids
  };
}

/** `n` notes and their catalog, the same on every run. */
export function buildCorpus(n) {
  const all = sections();
  const catalog = buildCatalog();
  const random = rng(20260115);
  const notes = [];
  for (let i = 0; i < n; i++) {
    const base = all[i % all.length];
    let extra = '';
    if (i >= all.length) {
      const other = all[Math.floor(random() * all.length)].body.split(/\n\s*\n/);
      extra = other[Math.floor(random() * other.length)];
    }
    notes.push(makeNote(i, base, extra, catalog, random));
  }
  return { notes, catalog, now: NOW, sectionCount: all.length };
}

/** The fixed 50 queries: plain words, phrases, prefixes, negation and every filter. */
export const QUERIES = [
  'markdown',
  'parser',
  'function',
  'install',
  'license',
  'browser support',
  'error handling',
  'default value',
  'return promise',
  'command line',
  'configuration file',
  'unicode',
  'regular expression',
  'plugin api',
  'stream',
  'typescript types',
  'test',
  'performance',
  'token',
  'escape',
  '"regular expression"',
  '"command line"',
  '"the following"',
  '"link reference definition"',
  'pars*',
  'config*',
  'render*',
  'option* -deprecated',
  'markdown -html',
  'node -browser',
  'title:install',
  'title:usage example',
  'body:"block quote"',
  'title:api body:function',
  'tag:docs',
  'tag:api markdown',
  '-tag:* parser',
  'tag:test*',
  'notebook:Work',
  'notebook:Work parser',
  'notebook:Research notebook:Ideas',
  '-notebook:Archive install',
  'created:2024 markdown',
  'updated:month-6',
  'created:202301 -updated:2025',
  'type:todo',
  'iscompleted:0 function',
  'due:day-30',
  'any:1 webgpu webassembly wasm',
  'resource:image/* sourceurl:*npmjs*'
];

/**
 * The positive plain words of a query (text, title and body terms; phrases as separate words),
 * with `*` kept on prefixes: what a words-only search engine can be asked.
 */
export function plainPart(query) {
  const words = [];
  for (const piece of query.match(/-?[a-z]+:"[^"]*"|-?"[^"]*"|\S+/gi) ?? []) {
    if (piece.startsWith('-')) continue;
    const field = /^([a-z]+):(.*)$/i.exec(piece);
    const value = field ? (['title', 'body'].includes(field[1].toLowerCase()) ? field[2] : '') : piece;
    words.push(
      ...value
        .replace(/"/g, '')
        .split(/[^\p{L}\p{N}*]+/u)
        .filter(Boolean)
    );
  }
  return words;
}
