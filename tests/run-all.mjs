/**
 * `npm test`: every check and test suite, in two lanes that run at the same time.
 *
 *   lane e2e:    test:e2e (build, Playwright, MCP conformance)
 *   lane checks: check → lint → test:unit → eval
 *
 * Why two lanes: run one after the other they took 21 minutes on a 2-core machine, while the
 * browser tests, the longest part, keep the CPU busy less than half the time (they wait on pages,
 * workers and the app's own timers), and each of the checks is single-threaded. Side by side the
 * checks use the core the browser tests leave idle. Each step is an npm script, so each part can
 * still be run alone (`npm run lint`, `npm run test:e2e`, …).
 *
 * Within a lane a step runs only if the one before passed (as `&&` did); a failure in one lane
 * does not stop the other, so one run reports every failing part. The exit code is 1 if any step
 * failed or did not run. Every line of output is prefixed with its step's name, and a summary with
 * each step's time ends the run.
 */
import { spawn, spawnSync } from 'node:child_process';

/** @type {string[][]} Each lane's npm scripts, in order. */
const LANES = [['test:e2e'], ['check', 'lint', 'test:unit', 'eval']];

const width = Math.max(...LANES.flat().map((s) => s.length));
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
/** @type {{ step: string, status: 'passed' | 'failed' | 'not run', seconds: number }[]} */
const results = [];

/** Prints text line by line, each line prefixed with the step's name. */
function prefixer(step) {
  const tag = `[${step.padEnd(width)}] `;
  let rest = '';
  return {
    /** @param {Buffer} chunk */
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
  const started = Date.now();
  const out = prefixer(step);
  out.write(Buffer.from(`▶ npm run ${step}\n`));
  // Its own process group, so that an interrupt ends the servers and browsers it started too.
  const child = spawn('npm', ['run', step], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  child.stdout.on('data', (c) => out.write(c));
  child.stderr.on('data', (c) => out.write(c));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      const passed = code === 0;
      out.write(
        Buffer.from(
          passed
            ? `✔ ${step} passed in ${seconds.toFixed(0)} s\n`
            : `✘ ${step} failed (${signal ?? `exit ${code}`}) after ${seconds.toFixed(0)} s\n`
        )
      );
      out.end();
      results.push({ step, status: passed ? 'passed' : 'failed', seconds });
      resolve(passed);
    });
  });
}

/** @param {string[]} steps */
async function runLane(steps) {
  for (const [i, step] of steps.entries()) {
    if (!(await runStep(step))) {
      for (const skipped of steps.slice(i + 1))
        results.push({ step: skipped, status: 'not run', seconds: 0 });
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

const started = Date.now();
// Both lanes start with a SvelteKit sync (check and build); done once here first, their own syncs
// find the generated files up to date and do not write them while the other lane reads them.
const sync = spawnSync('npx', ['svelte-kit', 'sync'], { stdio: 'inherit' });
if (sync.status !== 0) process.exit(1);

await Promise.all(LANES.map(runLane));

const order = LANES.flat();
results.sort((a, b) => order.indexOf(a.step) - order.indexOf(b.step));
console.log(`\nnpm test: ${((Date.now() - started) / 1000).toFixed(0)} s, the lanes side by side`);
for (const { step, status, seconds } of results) {
  console.log(
    `  ${step.padEnd(width)}  ${status.padEnd(7)}  ${status === 'not run' ? '' : `${seconds.toFixed(0)} s`}`
  );
}
process.exit(results.every((r) => r.status === 'passed') ? 0 : 1);
