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

function runSuite(url) {
  return new Promise((resolve) => {
    const suite = spawn('npx', ['conformance', 'server', '--url', url, '--expected-failures', 'tests/mcp/conformance-baseline.yml', ...args], {
      cwd: ROOT,
      stdio: 'inherit'
    });
    suite.on('close', (code) => resolve(code ?? 1));
  });
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
    code = await runSuite(`${bridge.url}?token=${tokens.clientToken}`);
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
