import { describe, expect, it } from 'vitest';
import { zipSync, strToU8, type Zippable } from 'fflate';
import { ZipArchive, ZipError } from './zip-archive';

const text = new TextDecoder();

function blobOf(bytes: Uint8Array): Blob {
  return new Blob([bytes as Uint8Array<ArrayBuffer>]);
}

/** Rewrites an archive's end the way zip64 writers do: a zip64 record and locator, the old EOCD's fields all ones. */
function asZip64(zip: Uint8Array): Uint8Array {
  const eocdAt = zip.length - 22;
  const v = new DataView(zip.buffer, zip.byteOffset);
  const count = v.getUint16(eocdAt + 10, true);
  const dirSize = v.getUint32(eocdAt + 12, true);
  const dirOffset = v.getUint32(eocdAt + 16, true);
  const out = new Uint8Array(eocdAt + 56 + 20 + 22);
  out.set(zip.subarray(0, eocdAt));
  const o = new DataView(out.buffer);
  o.setUint32(eocdAt, 0x06064b50, true);
  o.setBigUint64(eocdAt + 4, 44n, true);
  o.setBigUint64(eocdAt + 24, BigInt(count), true);
  o.setBigUint64(eocdAt + 32, BigInt(count), true);
  o.setBigUint64(eocdAt + 40, BigInt(dirSize), true);
  o.setBigUint64(eocdAt + 48, BigInt(dirOffset), true);
  const locator = eocdAt + 56;
  o.setUint32(locator, 0x07064b50, true);
  o.setBigUint64(locator + 8, BigInt(eocdAt), true);
  o.setUint32(locator + 16, 1, true);
  const end = locator + 20;
  o.setUint32(end, 0x06054b50, true);
  o.setUint16(end + 8, 0xffff, true);
  o.setUint16(end + 10, 0xffff, true);
  o.setUint32(end + 12, 0xffffffff, true);
  o.setUint32(end + 16, 0xffffffff, true);
  return out;
}

describe('ZipArchive', () => {
  it('lists and reads 100,000 entries in archive order', async () => {
    const files: Zippable = {};
    for (let i = 0; i < 100_000; i++) files[`n/${i}.md`] = strToU8(`note ${i}`);
    const archive = await ZipArchive.open(blobOf(zipSync(files, { level: 1 })));
    expect(archive.entries).toHaveLength(100_000);
    let last = '';
    for (const entry of archive.entries) last = text.decode(await archive.bytes(entry));
    expect(archive.entries[99_999].name).toBe('n/99999.md');
    expect(last).toBe('note 99999');
  }, 120_000);

  it('reads stored and deflated entries, and gives a stored entry as a slice of the archive', async () => {
    const zip = zipSync({
      'a.txt': [strToU8('stored text'), { level: 0 }],
      'b.txt': [strToU8('deflated '.repeat(100)), { level: 9 }]
    });
    const archive = await ZipArchive.open(blobOf(zip));
    const [a, b] = archive.entries;
    expect(a.method).toBe(0);
    expect(b.method).toBe(8);
    expect(await (await archive.blob(a, 'text/plain')).text()).toBe('stored text');
    expect((await archive.blob(a, 'text/plain')).type).toBe('text/plain');
    expect(text.decode(await archive.bytes(b))).toBe('deflated '.repeat(100));
  });

  it('reads a zip64 directory', async () => {
    const archive = await ZipArchive.open(
      blobOf(asZip64(zipSync({ 'x.md': strToU8('sixty-four'), 'y/z.md': strToU8('zed') })))
    );
    expect(archive.entries.map((e) => e.name)).toEqual(['x.md', 'y/z.md']);
    expect(text.decode(await archive.bytes(archive.entries[1]))).toBe('zed');
  });

  it('decodes UTF-8 names without the flag, and CP437 names', async () => {
    const zip = zipSync({ 'é.md': strToU8('x'), 'ab.md': strToU8('y') });
    // Make the second name the CP437 bytes of "äb" (0x84 0x62) in the central directory.
    const dirName = zip.lastIndexOf(0x61);
    zip[dirName] = 0x84;
    const archive = await ZipArchive.open(blobOf(zip));
    expect(archive.entries.map((e) => e.name)).toEqual(['é.md', 'äb.md']);
  });

  it("gives each entry's modification time: the extended timestamp in UTC, else the DOS local time", async () => {
    const local = new Date(2023, 4, 6, 7, 8, 10);
    const utcSeconds = Date.UTC(2021, 0, 2, 3, 4, 5) / 1000;
    // The extended timestamp field as Info-ZIP writes it in the central directory: flags, mtime.
    const ut = new Uint8Array(5);
    ut[0] = 1;
    new DataView(ut.buffer).setUint32(1, utcSeconds, true);
    const zip = zipSync({
      'dos.md': [strToU8('a'), { mtime: local }],
      'ut.md': [strToU8('b'), { mtime: local, extra: { 0x5455: ut } }]
    });
    const archive = await ZipArchive.open(blobOf(zip));
    expect(archive.entries.map((e) => e.modified)).toEqual([local.getTime(), utcSeconds * 1000]);
  });

  it('refuses a damaged entry by its checksum, and still reads the others', async () => {
    const zip = zipSync({
      'a.md': [strToU8('first file'), { level: 0 }],
      'b.md': [strToU8('second file'), { level: 0 }]
    });
    // The first entry's data follows its local header (30 bytes, its name, its extra field).
    const v = new DataView(zip.buffer);
    const at = 30 + v.getUint16(26, true) + v.getUint16(28, true);
    expect(String.fromCharCode(zip[at])).toBe('f');
    zip[at] = 0x46;
    const archive = await ZipArchive.open(blobOf(zip));
    await expect(archive.bytes(archive.entries[0])).rejects.toThrow(/a\.md is damaged/);
    expect(text.decode(await archive.bytes(archive.entries[1]))).toBe('second file');
  });

  it('says a cut-short or foreign file is not a readable zip', async () => {
    const zip = zipSync({ 'a.md': strToU8('x'.repeat(1000)) });
    await expect(ZipArchive.open(blobOf(zip.subarray(0, zip.length - 30)))).rejects.toThrow(ZipError);
    await expect(ZipArchive.open(blobOf(strToU8('just text')))).rejects.toThrow(/not a zip archive/);
  });

  it('refuses encrypted entries and unknown methods with a reason', async () => {
    const zip = zipSync({ 'a.md': strToU8('x') });
    const dir = new DataView(zip.buffer).getUint32(zip.length - 6, true); // the EOCD's directory offset
    zip[dir + 8] |= 1; // general purpose flag bit 0: encrypted
    const archive = await ZipArchive.open(blobOf(zip));
    await expect(archive.bytes(archive.entries[0])).rejects.toThrow(/encrypted/);
  });

  it('streams large deflated entries through DecompressionStream', async () => {
    const big = new Uint8Array(9 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
    const archive = await ZipArchive.open(blobOf(zipSync({ 'big.bin': [big, { level: 1 }] })));
    const blob = await archive.blob(archive.entries[0]);
    expect(blob.size).toBe(big.length);
    expect(new Uint8Array(await blob.slice(1000, 1010).arrayBuffer())).toEqual(big.subarray(1000, 1010));
  });
});
