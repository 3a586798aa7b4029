/**
 * The official MCP conformance suite against the bridge, with a Node tab (the session host over
 * fake-indexeddb) paired to it: everything the browser run (conformance.mjs) covers but the page.
 * Expected failures, each with its reason, are in conformance-baseline.yml; the run fails on any
 * other failure and on a baseline entry that passes (so the baseline cannot go stale).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeBase, CLIENT_TOKEN, startTestBridge, PAIRING_TOKEN, type BridgeHandle } from './bridge-kit';
import { startNodeTab } from './node-tab';

const RUN_MS = 180_000;

function runConformance(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['conformance', 'server', '--url', url, '--expected-failures', 'tests/mcp/conformance-baseline.yml'],
      {
        stdio: ['ignore', 'pipe', 'pipe']
      }
    );
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => resolve({ code, output }));
  });
}

let bridge: BridgeHandle;
let stopTab: () => void;
beforeAll(async () => {
  bridge = await startTestBridge();
  const tab = await startNodeTab(bridgeBase(bridge), PAIRING_TOKEN);
  stopTab = tab.close;
});
afterAll(async () => {
  stopTab?.();
  await bridge?.close();
});

describe('MCP conformance suite against the bridge and a Node tab', () => {
  it(
    'passes every scenario not in the baseline',
    async () => {
      // The runner's client cannot send headers, so it gets the token in the URL.
      const { code, output } = await runConformance(`${bridge.url}?token=${CLIENT_TOKEN}`);
      if (code !== 0) console.log(output);
      expect(code).toBe(0);
    },
    RUN_MS
  );
});
