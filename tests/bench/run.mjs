// Runs every benchmark named by a `bench:*` script in package.json, one after another, so that
// `npm run bench` prints every figure beside its target and its peer. Exits non-zero if any failed.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const scripts = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts;
const names = Object.keys(scripts).filter((name) => name.startsWith('bench:'));
// Several benchmarks measure the built app in Chromium: build it once, first.
console.log('=== building the app');
if (spawnSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0)
  process.exit(1);
const failed = [];
for (const name of names) {
  console.log(`\n=== ${name}: ${scripts[name]}`);
  const run = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}
console.log(
  failed.length
    ? `\n${failed.length} benchmark(s) missed a target or failed: ${failed.join(', ')}`
    : `\nall ${names.length} benchmarks ran`
);
process.exit(failed.length ? 1 : 0);
