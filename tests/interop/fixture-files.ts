/** Test helpers: read a folder into picked-file shape, and pack a folder as a JEX (tar). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packTar } from 'modern-tar';
import type { ImportFile } from '$lib/interop';

/** Every file under `dir`, relative path '/'-separated, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}

/** The files of a folder as a picked folder (paths under `top`). */
export function folderFiles(dir: string, top: string): ImportFile[] {
  return listFiles(dir).map((path) => ({
    name: path.split('/').pop()!,
    path: `${top}/${path}`,
    blob: new Blob([readFileSync(join(dir, path))])
  }));
}

/** A folder packed as a tar (what Joplin's JEX is). */
export async function tarOf(dir: string): Promise<Uint8Array> {
  return packTar(
    listFiles(dir).map((path) => {
      const data = new Uint8Array(readFileSync(join(dir, path)));
      return { header: { name: path, size: data.byteLength, type: 'file' as const }, body: data };
    })
  );
}

/** Unpacks a tar into a map of path → bytes. */
export async function untar(data: Uint8Array | Blob): Promise<Map<string, Uint8Array>> {
  const { unpackTar } = await import('modern-tar');
  const bytes = data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : data;
  return new Map((await unpackTar(bytes)).map((e) => [e.header.name, e.data ?? new Uint8Array()]));
}
