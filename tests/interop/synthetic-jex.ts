/** A synthetic Joplin library of any size, as a JEX (tar) or as RAW files, for tests and benchmarks. */
import { packTar, type TarEntry } from 'modern-tar';
import { ItemType, noteDefaults, type Note, type Notebook } from '$lib/core';
import { recordToRaw } from '$lib/interop/joplin-fields';
import { serializeRawItem } from '$lib/interop';

const encoder = new TextEncoder();

/** A 32-hex id from a number (stable, so runs are comparable). */
export function fakeId(prefix: string, n: number): string {
  return (prefix + n.toString(16)).padStart(32, '0').slice(-32);
}

/** The RAW files of a library: `notebooks` notebooks, `notes` notes spread over them, two tags. */
export function syntheticRawFiles(notes: number, notebooks = 10): { path: string; data: Uint8Array }[] {
  const t = Date.UTC(2024, 0, 1);
  const files: { path: string; data: Uint8Array }[] = [];
  const add = (id: string, text: string) => files.push({ path: `${id}.md`, data: encoder.encode(text) });
  for (let b = 0; b < notebooks; b++) {
    const folder: Notebook = {
      id: fakeId('b', b),
      title: `Notebook ${b}`,
      parent_id: '',
      created_time: t,
      updated_time: t,
      user_created_time: t,
      user_updated_time: t,
      icon: '',
      deleted_time: 0
    };
    add(folder.id, serializeRawItem(recordToRaw(ItemType.Folder, folder)));
  }
  for (let n = 0; n < notes; n++) {
    const note: Note = {
      ...noteDefaults(t + n),
      id: fakeId('a', n),
      parent_id: fakeId('b', n % notebooks),
      title: `Note ${n}`,
      body: `# Note ${n}\n\nSome text for note ${n}, with a [link](:/${fakeId('a', (n + 1) % notes)}).\n\n- [ ] a task\n`
    };
    add(note.id, serializeRawItem(recordToRaw(ItemType.Note, note)));
  }
  for (const [i, title] of ['alpha', 'beta'].entries()) {
    add(
      fakeId('c', i),
      serializeRawItem(
        recordToRaw(ItemType.Tag, {
          id: fakeId('c', i),
          title,
          created_time: t,
          updated_time: t,
          user_created_time: t,
          user_updated_time: t,
          parent_id: ''
        })
      )
    );
  }
  for (let n = 0; n < Math.min(notes, 100); n++) {
    const id = fakeId('d', n);
    add(
      id,
      serializeRawItem(
        recordToRaw(ItemType.NoteTag, {
          id,
          note_id: fakeId('a', n),
          tag_id: fakeId('c', n % 2),
          created_time: t,
          updated_time: t,
          user_created_time: t,
          user_updated_time: t
        })
      )
    );
  }
  return files;
}

/** Packs RAW files as a JEX. */
export function packJex(files: { path: string; data: Uint8Array }[]): Promise<Uint8Array> {
  const entries: TarEntry[] = files.map((f) => ({
    header: { name: f.path, size: f.data.byteLength, type: 'file' },
    body: f.data
  }));
  return packTar(entries);
}
