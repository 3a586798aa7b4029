/**
 * A Folio "tab" in Node for the bridge tests: a workspace on fake-indexeddb with the built-in
 * tools, the MCP session host over it, and the real bridge link (src/lib/mcp/bridge-link.ts) on
 * the `ws` WebSocket. Everything the browser tab runs except the page and the worker hop.
 */
import WebSocket from 'ws';
import { createLinkedTransports } from '$lib/rpc';
import {
  connectBridge,
  type BridgeLinkStatus,
  type WebSocketConstructor
} from '../../src/lib/mcp/bridge-link';
import { mcpBench } from '../../src/lib/mcp/mcp-test-kit';
import { createMcpSessionHost } from '../../src/lib/mcp/session-host';

/** Starts a Node tab paired with the bridge at `bridgeUrl`; resolves once connected. */
export async function startNodeTab(
  bridgeUrl: string,
  pairingToken: string,
  switches: Record<string, boolean> = {}
) {
  const bench = await mcpBench(switches);
  const host = createMcpSessionHost(() => bench.factory);
  const statuses: BridgeLinkStatus[] = [];
  let onStatus: (s: BridgeLinkStatus) => void = () => {};
  const connect = () =>
    connectBridge({
      url: bridgeUrl,
      pairingToken,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      connectHost: () => {
        const [tabSide, hostSide] = createLinkedTransports();
        host.attach(hostSide);
        return tabSide;
      },
      onStatus: (s) => {
        statuses.push(s);
        onStatus(s);
      }
    });
  const waitFor = (state: BridgeLinkStatus['state']) =>
    new Promise<BridgeLinkStatus>((resolve) => {
      if (statuses.at(-1)?.state === state) return resolve(statuses.at(-1)!);
      onStatus = (s) => {
        if (s.state === state) resolve(s);
      };
    });
  let link = connect();
  await waitFor('connected');
  return {
    ...bench,
    host,
    statuses,
    waitFor,
    /** Closes the link as a closing tab would. */
    close: () => link.stop(),
    /** Closes and opens again, as a reload does. */
    async reload() {
      link.stop();
      link = connect();
      await waitFor('connected');
    }
  };
}
