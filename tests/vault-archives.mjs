/**
 * Large vaults to import, made on the fly (plain JavaScript, so the browser specs and the Node
 * benchmarks share it): a Markdown zip (a folder per notebook, headings, links between notes, a
 * front matter block on some), a Joplin RAW export zipped, and the same RAW tree as a JEX. Every
 * note holds a word no other note has (`vaultWord(i)`), so a test can search for exactly one note.
 */
import { zipSync, strToU8 } from 'fflate';
import { packTar } from 'modern-tar';

const FOLDERS = 10;
const T0 = Date.UTC(2024, 0, 1);
const iso = (ms) => new Date(ms).toISOString();

/** The word only note `i` holds. */
export function vaultWord(i) {
  return `zq${i.toString(36)}x`;
}

/** A 32-hex id from a kind letter and a number. */
export function vaultId(kind, n) {
  return (kind + n.toString(16)).padStart(32, '0').slice(-32);
}

function noteText(i, count) {
  const next = (i + 1) % count;
  return [
    `Text of note ${i} with its own word ${vaultWord(i)}, about gardens, trains and the sea.`,
    `It links to [note ${next}](NEXT) and keeps a list:`,
    '',
    '- [ ] water the plants',
    `- [x] read chapter ${i % 40}`,
    '',
    '```js',
    `// # not a heading in note ${i}`,
    'const answer = 42;',
    '```'
  ].join('\n');
}

/** A zip of `count` Markdown files under `Vault/Folder k/`. */
export function markdownVaultZip(count) {
  const files = {};
  const path = (i) => `Folder ${i % FOLDERS}/Note ${i}.md`;
  for (let i = 0; i < count; i++) {
    const next = (i + 1) % count;
    const link = `../Folder ${next % FOLDERS}/Note ${next}.md`.replace(/ /g, '%20');
    const front =
      i % 5 === 0 ? `---\ntitle: Note ${i}\ntags: [vault, t${i % 7}]\naliases: [n${i}]\n---\n\n` : '';
    files[`Vault/${path(i)}`] = strToU8(
      `${front}# Note ${i}\n\n${noteText(i, count).replace('NEXT', link)}\n`
    );
  }
  return zipSync(files, { level: 1 });
}

/** The RAW files (path → text) of a library of `count` notes in 10 notebooks. */
export function rawVaultFiles(count) {
  const files = {};
  const common = (id, time) =>
    `id: ${id}\ncreated_time: ${iso(time)}\nupdated_time: ${iso(time)}\nuser_created_time: ${iso(time)}\nuser_updated_time: ${iso(time)}`;
  for (let b = 0; b < FOLDERS; b++) {
    const id = vaultId('b', b);
    files[`${id}.md`] = `Folder ${b}\n\n${common(id, T0)}\nparent_id: \nicon: \ndeleted_time: 0\ntype_: 2`;
  }
  for (let i = 0; i < count; i++) {
    const id = vaultId('a', i);
    const body = noteText(i, count).replace('NEXT', `:/${vaultId('a', (i + 1) % count)}`);
    files[`${id}.md`] =
      `Note ${i}\n\n${body}\n\n${common(id, T0 + i * 1000)}\nparent_id: ${vaultId('b', i % FOLDERS)}\nis_todo: 0\ndeleted_time: 0\ntype_: 1`;
  }
  return files;
}

/** A RAW export of `count` notes, zipped in a top folder as a user would. */
export function rawVaultZip(count) {
  const files = {};
  for (const [path, text] of Object.entries(rawVaultFiles(count))) files[`raw/${path}`] = strToU8(text);
  return zipSync(files, { level: 1 });
}

/** The same RAW tree as a JEX (tar). */
export function rawVaultJex(count) {
  const enc = new TextEncoder();
  return packTar(
    Object.entries(rawVaultFiles(count)).map(([name, text]) => {
      const body = enc.encode(text);
      return { header: { name, size: body.byteLength, type: 'file' }, body };
    })
  );
}
