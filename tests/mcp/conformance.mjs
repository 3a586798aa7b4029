#!/usr/bin/env node
// The official MCP conformance suite against Folio as a user runs it: the bridge, and the BUILT app
// open in headless Chromium, paired with the bridge through Settings → MCP. It builds nothing
// itself: run `npx vite build` first.
//
//   node tests/mcp/conformance.mjs [--scenario NAME]
//
// Expected failures, each with its reason, are in tests/mcp/conformance-baseline.yml; the suite
// fails on any other failure and on a listed scenario that passes. Exit code: the suite's.
import { spawn } from 'node:child_process';
import { startBridge } from '../../bridge/src/bridge.mjs';
import { newToken } from '../../bridge/src/tokens.mjs';
import { openPairedTab, ROOT, serveBuild } from './browser-tab.mjs';
const args = process.argv.slice(2);

// The suite prints one line per scenario ("✓ ping: 1 passed, 0 failed"); a scenario it marks ✗ is
// either in the baseline (expected, with its reason) or a real failure, which makes the exit code 1.
const SCENARIO_LINE = /^\s*([✓✗])\s+\S+:\s+(\d+) passed, (\d+) failed/u;

function runSuite(url) {
  return new Promise((resolve) => {
    const suite = spawn(
      'npx',
      [
        'conformance',
        'server',
        '--url',
        url,
        '--expected-failures',
        'tests/mcp/conformance-baseline.yml',
        ...args
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit']
      }
    );
    // Checks passed in passing scenarios, and scenarios marked failed (expected or not).
    const counts = { checksPassed: 0, scenariosFailed: 0 };
    let rest = '';
    suite.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines.map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''))) {
        const match = SCENARIO_LINE.exec(line);
        if (match?.[1] === '✓') counts.checksPassed += Number(match[2]);
        else if (match) counts.scenariosFailed += 1;
      }
    });
    suite.on('close', (code) =>
      resolve({ code: code ?? 1, passed: counts.checksPassed, notPassed: counts.scenariosFailed })
    );
  });
}

/** One closing line for the run: checks passed, and failures beyond the baseline's expected ones. */
function summarize({ code, passed, notPassed }) {
  const unexpected = code === 0 ? 0 : Math.max(notPassed, 1);
  const expected = code === 0 ? notPassed : 0;
  console.log(
    `\nMCP conformance: ${expected} scenarios failed as the baseline expects (features a notes app does not offer, reasons in tests/mcp/conformance-baseline.yml).`
  );
  console.log(`conformance: ${passed} passed, ${unexpected} failed`);
}

async function main() {
  const tokens = { clientToken: newToken(), pairingToken: newToken() };
  const bridge = await startBridge({ port: 0, ...tokens });
  const app = await serveBuild();
  let browser;
  let code = 1;
  try {
    ({ browser } = await openPairedTab(app.url, bridge, tokens.pairingToken));
    console.log(`Bridge ${bridge.url} paired with the built app at ${app.url}`);
    // The suite's client cannot send headers, so it gets the token in the URL.
    const outcome = await runSuite(`${bridge.url}?token=${tokens.clientToken}`);
    summarize(outcome);
    code = outcome.code;
  } finally {
    await browser?.close();
    app.stop();
    await bridge.close();
  }
  process.exit(code);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
