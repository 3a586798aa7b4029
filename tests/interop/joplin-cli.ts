/**
 * The Joplin command-line client as a test peer: installed on demand into tests/interop/joplin
 * (package.json and lock committed, node_modules not), then run with a profile folder per library.
 * Install: `npm ci --ignore-scripts` (keytar's native build needs libsecret, and the CLI runs
 * without it) then `npm rebuild sqlite3`; about two minutes, skipped when already installed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HERE = dirname(fileURLToPath(import.meta.url));
/** Where the CLI is installed. */
export const JOPLIN_DIR = join(HERE, 'joplin');
/** The client's entry point. */
export const JOPLIN_MAIN = join(JOPLIN_DIR, 'node_modules', 'joplin', 'main.js');
const SQLITE_BINDINGS = join(JOPLIN_DIR, 'node_modules', 'sqlite3', 'lib', 'binding');

/** Whether the CLI and its sqlite3 binding (built into lib/binding/napi-*) are installed. */
export function joplinInstalled(): boolean {
  return (
    existsSync(JOPLIN_MAIN) &&
    existsSync(SQLITE_BINDINGS) &&
    readdirSync(SQLITE_BINDINGS).some((d) => existsSync(join(SQLITE_BINDINGS, d, 'node_sqlite3.node')))
  );
}

/** Installs the CLI unless it is there already. Synchronous: called once before the test runs. */
export function ensureJoplin(): void {
  if (joplinInstalled()) return;
  const opts = { cwd: JOPLIN_DIR, stdio: 'inherit' as const, timeout: 15 * 60_000 };
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], opts);
  execFileSync('npm', ['rebuild', 'sqlite3'], opts);
  if (!joplinInstalled()) throw new Error('The Joplin CLI did not install (see the npm output above).');
}

/** Runs one Joplin command against a profile folder; resolves with its stdout. */
export async function joplin(profile: string, ...args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [JOPLIN_MAIN, '--profile', profile, ...args], {
      cwd: JOPLIN_DIR,
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NODE_OPTIONS: '' }
    });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`joplin ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}
