/**
 * The Joplin command-line client as a test peer: installed on demand into tests/interop/joplin
 * (package.json and lock committed, node_modules not; install-joplin.mjs says how), then run with a
 * profile folder per library.
 */
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { installerRunning, joplinInstalled, JOPLIN_DIR, JOPLIN_MAIN } from './install-joplin.mjs';

export { JOPLIN_DIR, JOPLIN_MAIN };

const run = promisify(execFile);
const INSTALLER = fileURLToPath(new URL('./install-joplin.mjs', import.meta.url));
const INSTALL_TIMEOUT_MS = 15 * 60_000;

/** Blocks this thread for a while (the caller is synchronous: it runs once before a test file). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Makes sure the CLI is installed before a test uses it: waits for an install started in the
 * background (CI starts one before the tests), else installs it here. Synchronous.
 */
export function ensureJoplin(): void {
  const deadline = Date.now() + INSTALL_TIMEOUT_MS;
  while (installerRunning() && Date.now() < deadline) pause(1_000);
  if (joplinInstalled()) return;
  execFileSync(process.execPath, [INSTALLER], { stdio: 'inherit', timeout: INSTALL_TIMEOUT_MS });
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

/**
 * Joplin's RAW/JEX importer reports an item it could not link (a tag link whose tag or note is not
 * in the archive, an attachment without its file) as a line of output and still exits 0.
 */
const DROPPED_ITEM = /^(?:Non-existent (?:note|tag) .*|Could not find resource file: .*)$/gm;

/** Imports `path` into a profile; throws, with Joplin's output, if the importer dropped an item. */
export async function joplinImport(profile: string, path: string, format: string): Promise<void> {
  const output = await joplin(profile, 'import', path, '--format', format);
  const dropped = output.match(DROPPED_ITEM);
  if (dropped) {
    throw new Error(`joplin import ${path} dropped items:\n${dropped.join('\n')}\n--- output ---\n${output}`);
  }
}
