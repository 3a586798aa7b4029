/**
 * `npm test`: every check and test suite, in two stages of two lanes each, the lanes of a stage
 * side by side:
 *
 *   stage 1   build        ‖ lint:format
 *   stage 2   test:browser ‖ check → lint:code → lint:imports → lint:exports → test:unit → eval
 *                                  → test:mcp-conformance
 *
 * Why lanes: the linters and svelte-check are single-threaded, and one after the other the parts
 * left a core idle while they ran; side by side with the browser tests (which keep both cores
 * nearly busy on their own: the machine's busy time, below, not the steps' CPU, shows it) the run
 * took 17.7 instead of 18.4 minutes on a 2-core machine. The whole run is bound by CPU, so more
 * lanes would not shorten it. Each step is an npm script, so each part can still be run alone.
 *
 * Why these stages: SvelteKit's `svelte-kit sync` (run by `npm run check`, and by the SvelteKit
 * Vite plugin inside `vite build`, Vitest and the eval's Vite server) rewrites every file under
 * .svelte-kit/ (generated code, types, tsconfig.json) in every process that runs it, in place: a
 * process reading one of them at that moment reads half a file (a build that did so produced an app
 * that threw at start). So no step that syncs runs beside a step that reads those files:
 * - stage 1: the build alone syncs; Prettier ignores .svelte-kit/ (as ESLint does).
 * - stage 2: check, Vitest and the eval sync, one after the other in their lane; the browser lane
 *   reads none of those files: Playwright loads the specs with e2e/playwright.tsconfig.json (not the
 *   root tsconfig.json, which extends .svelte-kit/tsconfig.json), the preview server serves
 *   .svelte-kit/output and build/, which only the build writes, and Vite bundles its config file
 *   without a tsconfig. dependency-cruiser and knip read tsconfig.json, so they run in the checks lane.
 *   The one file every Vite process writes at its start, preview servers too, is .svelte-kit/env.d.ts:
 *   a one-line comment, written in one system call, that no step of the browser lane reads.
 * Stage 1 is short (about 40 s of CPU each); in stage 2 the two lanes take about the same CPU (500 s
 * each), and the MCP conformance, which needs only the build, ends the lane that is not the
 * browser tests'.
 *
 * Within a lane a step runs only if the one before passed (as `&&` did), and the browser tests and
 * the conformance only if the build did. A failure in one lane does not stop the other, so one run
 * reports every failing part. The exit code is 1 if any step failed or did not run. Every line of
 * output is prefixed with its step's name, and a table of each step's start, time and CPU ends the
 * run.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) of this process's children that have ended and been waited for, from
 * /proc (Linux; null elsewhere): a step's CPU is added when it ends. Node has no API for it
 * (process.resourceUsage() counts the process itself). Ticks are 1/100 s, the kernel's USER_HZ on
 * Linux. It misses the processes a step's children did not wait for: Chromium's renderer and
 * utility processes, left to init when Playwright ends a browser, are most of the browser tests'
 * CPU (about two thirds when measured), so the machine's busy time is printed too.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the ")" that ends the command name: cutime and cstime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/**
 * Core-seconds the whole machine spent busy (every process, this run's and any other's), from
 * /proc/stat's first line (Linux; null elsewhere): user, nice, system, irq, softirq and steal ticks.
 */
function machineBusySeconds() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

/** @type {string[][][]} Each stage's lanes, each lane's npm scripts in order. */
const STAGES = [
  [['build'], ['lint:format']],
  [
    ['test:browser'],
    ['check', 'lint:code', 'lint:imports', 'lint:exports', 'test:unit', 'eval', 'test:mcp-conformance']
  ]
];
/** Steps that need another step to have passed (the built app), whichever lane that was in. */
const NEEDS = new Map([
  ['test:browser', 'build'],
  ['test:mcp-conformance', 'build']
]);

const ORDER = STAGES.flat(2);
const width = Math.max(...ORDER.map((s) => s.length));
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
/** @typedef {{ status: 'passed' | 'failed' | 'not run', start: number, seconds: number, cpu: number | null }} Result */
/** @type {Map<string, Result>} */
const results = new Map();
const started = Date.now();
const busyAtStart = machineBusySeconds();
/** The children's CPU counter when the last step ended. */
let cpuCounted = childrenCpuSeconds();
/** @type {Result} */
const NOT_RUN = { status: 'not run', start: 0, seconds: 0, cpu: null };

/** Prints text line by line, each line prefixed with the step's name. */
function prefixer(step) {
  const tag = `[${step.padEnd(width)}] `;
  let rest = '';
  return {
    /** @param {Buffer | string} chunk */
    write(chunk) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(tag + line + '\n');
    },
    end() {
      if (rest) process.stdout.write(tag + rest + '\n');
      rest = '';
    }
  };
}

/** Runs one npm script; resolves with whether it passed. */
function runStep(step) {
  const start = Date.now();
  const out = prefixer(step);
  out.write(`▶ npm run ${step}\n`);
  // Its own process group, so that an interrupt ends the servers and browsers it started too.
  const child = spawn('npm', ['run', step], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  child.stdout.on('data', (c) => out.write(c));
  child.stderr.on('data', (c) => out.write(c));
  /** @type {number | null} */
  let cpu = null;
  // A child's CPU is added to the counter when it is waited for, which is when 'exit' comes (before
  // its output is drained, 'close'), so the counter's rise since the last step ended is this step's.
  child.on('exit', () => {
    const now = childrenCpuSeconds();
    cpu = now === null || cpuCounted === null ? null : now - cpuCounted;
    cpuCounted = now;
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - start) / 1000;
      const passed = code === 0;
      out.write(
        passed
          ? `✔ ${step} passed in ${seconds.toFixed(0)} s\n`
          : `✘ ${step} failed (${signal ?? `exit ${code}`}) after ${seconds.toFixed(0)} s\n`
      );
      out.end();
      results.set(step, {
        status: passed ? 'passed' : 'failed',
        start: (start - started) / 1000,
        seconds,
        cpu
      });
      resolve(passed);
    });
  });
}

/** @param {string[]} steps */
async function runLane(steps) {
  for (const [i, step] of steps.entries()) {
    const need = NEEDS.get(step);
    const ready = !need || results.get(need)?.status === 'passed';
    if (!ready || !(await runStep(step))) {
      for (const skipped of steps.slice(ready ? i + 1 : i)) results.set(skipped, NOT_RUN);
      return;
    }
  }
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });
}

for (const stage of STAGES) await Promise.all(stage.map(runLane));

const cpuTotal = childrenCpuSeconds();
const busyAtEnd = machineBusySeconds();
console.log(
  `\nnpm test: ${((Date.now() - started) / 1000).toFixed(0)} s` +
    (cpuTotal === null ? '' : `, ${cpuTotal.toFixed(0)} s of CPU in the processes waited for`) +
    (busyAtStart === null || busyAtEnd === null
      ? ''
      : `; the machine was busy ${(busyAtEnd - busyAtStart).toFixed(0)} core-seconds (every process)`)
);
console.log(`  ${'step'.padEnd(width)}  status   start    time     CPU (processes waited for)`);
for (const step of ORDER) {
  const { status, start, seconds, cpu } = results.get(step) ?? NOT_RUN;
  const seconds5 = (/** @type {number} */ n) => `${n.toFixed(0).padStart(5)} s`;
  const times =
    status === 'not run'
      ? ''
      : `${seconds5(start)}  ${seconds5(seconds)}  ${cpu === null ? '' : seconds5(cpu)}`;
  console.log(`  ${step.padEnd(width)}  ${status.padEnd(7)}  ${times}`);
}
process.exit(ORDER.every((step) => results.get(step)?.status === 'passed') ? 0 : 1);
