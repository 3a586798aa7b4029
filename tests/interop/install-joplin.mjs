/**
 * Installs the Joplin command-line client (the interop and sync tests' peer) into
 * tests/interop/joplin unless it is there: `npm ci --ignore-scripts` (keytar's native build needs
 * libsecret, and the CLI runs without it), then `npm rebuild sqlite3`, which compiles SQLite from
 * source where no prebuilt binary can be fetched (2–5 minutes on 2 cores).
 *
 * `node tests/interop/install-joplin.mjs --background` starts the install detached and returns at
 * once: CI starts it before `npm test`, so the compile runs beside the type check and the linters
 * instead of inside the unit tests. While it runs, a lock folder holds the installer's pid and the
 * tests wait for it (joplin-cli.ts ensureJoplin); its output goes to tests/interop/joplin/install.log.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(import.meta.url);
/** Where the CLI is installed. */
export const JOPLIN_DIR = join(dirname(SCRIPT), 'joplin');
/** The client's entry point. */
export const JOPLIN_MAIN = join(JOPLIN_DIR, 'node_modules', 'joplin', 'main.js');
const SQLITE_BINDINGS = join(JOPLIN_DIR, 'node_modules', 'sqlite3', 'lib', 'binding');
const LOCK = join(JOPLIN_DIR, '.installing');
const LOCK_PID = join(LOCK, 'pid');

/** Whether the CLI and its sqlite3 binding (built into lib/binding/napi-*) are installed. */
export function joplinInstalled() {
  return (
    existsSync(JOPLIN_MAIN) &&
    existsSync(SQLITE_BINDINGS) &&
    readdirSync(SQLITE_BINDINGS).some((d) => existsSync(join(SQLITE_BINDINGS, d, 'node_sqlite3.node')))
  );
}

/** Whether an installer is running now (a lock whose process is alive; a dead one's lock is stale). */
export function installerRunning() {
  try {
    process.kill(Number(readFileSync(LOCK_PID, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/** @param {number} pid */
function takeLock(pid) {
  mkdirSync(LOCK, { recursive: true });
  writeFileSync(LOCK_PID, String(pid));
}

/** Installs the CLI here, in this process, unless it is installed. */
function install() {
  if (joplinInstalled()) return;
  takeLock(process.pid);
  try {
    const opts = { cwd: JOPLIN_DIR, stdio: /** @type {const} */ ('inherit'), timeout: 15 * 60_000 };
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], opts);
    // SQLite is one 9 MB C file, and node-gyp builds it at -O3: 82 s of CPU on one core here, against
    // 26 s at -O1, on a CI machine whose other core runs the tests. The tests use the CLI on a handful
    // of notes, so its database speed does not matter; SQLite behaves the same at any -O level.
    // node-gyp's Makefile puts the environment's CFLAGS after its own, so the last -O wins. A CFLAGS
    // already set is kept.
    const cflags = process.env.CFLAGS ?? '-O1';
    execFileSync('npm', ['rebuild', 'sqlite3'], { ...opts, env: { ...process.env, CFLAGS: cflags } });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
  if (!joplinInstalled()) throw new Error('The Joplin CLI did not install (see the npm output above).');
}

/** Starts the install in a detached process, unless it is installed or already being installed. */
function installInBackground() {
  if (joplinInstalled() || installerRunning()) return;
  const log = openSync(join(JOPLIN_DIR, 'install.log'), 'a');
  const child = spawn(process.execPath, [SCRIPT], { detached: true, stdio: ['ignore', log, log] });
  // Locked before this returns, so a test that starts at once already waits for it.
  if (child.pid) takeLock(child.pid);
  child.unref();
  console.log(
    `Installing the Joplin CLI in the background (pid ${child.pid}, log: tests/interop/joplin/install.log)`
  );
}

if (process.argv[1] === SCRIPT) {
  if (process.argv.includes('--background')) installInBackground();
  else install();
}
