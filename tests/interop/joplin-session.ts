/**
 * The Joplin command-line client kept running for a profile: one `joplin batch -` process reads
 * commands from its standard input and prints `command> ` when it is ready for the next one. A
 * separate `joplin <command>` per step pays the client's start-up every time (about 3 s of CPU,
 * 7–10 s on a loaded 2-core machine); the sync tests run dozens of steps, so this pays it once.
 *
 * The commands are the client's own, parsed by its own command-line splitter, so a step does what
 * the same `joplin <command>` would. A failing command ends the batch (as the one-off command
 * would exit non-zero): the step rejects with the client's output, and the next step starts a new
 * process on the same profile. The client prints its prompt *before* a failing command's error (the
 * batch's input loop runs once more while the error unwinds), so a prompt alone does not mean
 * success: each step is confirmed by a read-only command, which a failed batch never runs.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { ensureJoplin, JOPLIN_DIR, JOPLIN_MAIN } from './joplin-cli';

const PROMPT = 'command> ';
const STEP_TIMEOUT_MS = 300_000;
/** Read-only, always succeeds: run after each step to learn that the step did not fail. */
const CONFIRM = 'config locale';

/** A running client for one profile. */
export interface JoplinSession {
  /** Runs one command (as `joplin <args…>` would) and resolves with what it printed. */
  run(...args: string[]): Promise<string>;
  /** Ends the client and waits until it has exited (its database closed). */
  close(): Promise<void>;
}

/**
 * One argument as Joplin's splitter reads it back unchanged: outside quotes a backslash escapes
 * the next character, so every character that could split or quote is escaped.
 */
export function quoteJoplinArg(arg: string): string {
  if (/[\r\n]/.test(arg)) throw new Error('A Joplin batch step cannot hold a line break');
  if (arg === '') return '""';
  return arg.replace(/[^A-Za-z0-9_\-./:]/g, (c) => `\\${c}`);
}

interface Step {
  command: string;
  resolve(output: string): void;
  reject(error: Error): void;
}

export function joplinSession(profile: string): JoplinSession {
  ensureJoplin();
  let child: ChildProcessWithoutNullStreams | null = null;
  let exited: Promise<void> = Promise.resolve();
  let stdout = '';
  let stderr = '';
  let step: Step | null = null;
  // The client takes one step at a time; callers that do not await are queued in order.
  let queue: Promise<unknown> = Promise.resolve();

  function fail(error: Error) {
    const current = step;
    step = null;
    current?.reject(error);
  }

  function start(): Promise<void> {
    stdout = '';
    stderr = '';
    const proc = spawn(process.execPath, [JOPLIN_MAIN, '--profile', profile, 'batch', '-'], {
      cwd: JOPLIN_DIR,
      env: { ...process.env, NODE_OPTIONS: '' }
    });
    child = proc;
    proc.stdout.setEncoding('utf8');
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk: string) => (stderr += chunk));
    exited = new Promise((resolve) => {
      proc.on('close', (code, signal) => {
        if (child === proc) child = null;
        const how = signal ? `signal ${signal}` : `code ${code}`;
        const command = step?.command ?? '(start-up)';
        fail(new Error(`joplin ${command} failed: the client exited with ${how}\n${stdout}\n${stderr}`));
        resolve();
      });
    });
    return new Promise((resolve, reject) => {
      step = { command: '(start-up)', resolve: () => resolve(), reject };
      proc.stdout.on('data', (chunk: string) => {
        stdout += chunk;
        if (!stdout.endsWith(PROMPT) || !step) return;
        const output = stdout.slice(0, -PROMPT.length);
        stdout = '';
        stderr = '';
        const done = step;
        step = null;
        done.resolve(output);
      });
    });
  }

  /** Resolves with what the client prints before its next prompt; rejects if it exits first. */
  function untilPrompt(command: string, proc: ChildProcessWithoutNullStreams): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        fail(new Error(`joplin ${command} took longer than ${STEP_TIMEOUT_MS} ms`));
        proc.kill('SIGKILL');
      }, STEP_TIMEOUT_MS);
      step = {
        command,
        resolve: (output) => (clearTimeout(timer), resolve(output)),
        reject: (error) => (clearTimeout(timer), reject(error))
      };
    });
  }

  async function runStep(args: string[]): Promise<string> {
    const command = args.map(quoteJoplinArg).join(' ');
    if (!child) await start();
    const proc = child!;
    const printed = untilPrompt(command, proc);
    proc.stdin.write(`${command}\n`);
    const output = await printed;
    const confirmed = untilPrompt(command, proc);
    proc.stdin.write(`${CONFIRM}\n`);
    // A failed command's error text comes after that prompt; the exit's rejection carries it.
    await confirmed;
    return output;
  }

  return {
    run(...args) {
      const result = queue.then(() => runStep(args));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await queue;
      // End of input ends the batch; the client then closes its database and exits.
      child?.stdin.end();
      await exited;
    }
  };
}
