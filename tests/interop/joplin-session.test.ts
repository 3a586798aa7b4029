/**
 * The long-running Joplin client (joplin-session.ts) does what one `joplin <command>` per step
 * does: arguments arrive exactly as given, a failing command rejects with the client's words, and
 * the next step still runs on the same profile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joplinSession, type JoplinSession } from './joplin-session';

let profile: string;
let session: JoplinSession;

// Long: on a fresh machine the first Joplin test waits for the CLI's install (minutes).
beforeAll(() => {
  profile = mkdtempSync(join(tmpdir(), 'folio-joplin-session-'));
  session = joplinSession(profile);
}, 20 * 60_000);

afterAll(async () => {
  await session?.close();
  rmSync(profile, { recursive: true, force: true });
});

describe('a Joplin client kept running', () => {
  const title = `Quotes "double" 'single', a \\ backslash, tabs\tand  spaces`;
  const text = `Body with -- dashes, $dollars, *stars* and "quotes"`;

  it('passes every argument through unchanged', async () => {
    await session.run('mkbook', 'Session book');
    await session.run('use', 'Session book');
    await session.run('mknote', title);
    await session.run('set', title, 'body', '--', text);
    expect(await session.run('ls')).toContain(title);
    expect(await session.run('cat', title)).toBe(`${title}\n\n${text}\n`);
  }, 120_000);

  it('rejects a failing command with what the client said, then runs the next one', async () => {
    await expect(session.run('cat', 'No such note')).rejects.toThrow(
      /joplin cat No\\ such\\ note failed[^]*Cannot find "No such note"/
    );
    expect(await session.run('ls')).toContain(title);
  }, 120_000);
});
