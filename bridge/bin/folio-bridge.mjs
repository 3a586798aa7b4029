#!/usr/bin/env node
// `npm run bridge` / `npx folio-bridge`: starts the Folio MCP bridge and prints what to paste where.
import { parseArgs } from 'node:util';
import { startBridge, DEFAULT_PORT } from '../src/bridge.mjs';
import { defaultTokenFile, loadTokens } from '../src/tokens.mjs';

const USAGE = `Usage: folio-bridge [--port N] [--allow-origin URL]... [--tab-origin URL]... [--config FILE] [--new-tokens]

  --port N            port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free one)
  --allow-origin URL  also accept MCP requests from this browser origin (e.g. a web-based MCP client)
  --tab-origin URL    accept the Folio tab only from this origin (default: any origin with the pairing token)
  --config FILE       where the tokens are kept (default ${defaultTokenFile()})
  --new-tokens        make new tokens (clients and the tab must then be given the new ones)
Environment: FOLIO_BRIDGE_TOKEN and FOLIO_BRIDGE_PAIRING_TOKEN set both tokens.`;

function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        port: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'tab-origin': { type: 'string', multiple: true },
        config: { type: 'string' },
        'new-tokens': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' }
      }
    }).values;
  } catch (error) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const port = args.port === undefined ? DEFAULT_PORT : Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number, not ${args.port}`);
    process.exit(2);
  }
  const tokens = loadTokens(args.config ?? defaultTokenFile(), { renew: args['new-tokens'] });
  run({
    port,
    tokens,
    allowedOrigins: args['allow-origin'] ?? [],
    allowedTabOrigins: args['tab-origin'] ?? []
  });
}

async function run({ port, tokens, allowedOrigins, allowedTabOrigins }) {
  const log = (line) => console.log(`[${new Date().toISOString()}] ${line}`);
  let bridge;
  try {
    bridge = await startBridge({ port, ...tokens, allowedOrigins, allowedTabOrigins, log });
  } catch (error) {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${port} is in use: is a bridge already running? Try --port.`
        : String(error)
    );
    process.exit(1);
  }
  const base = bridge.url.replace(/\/mcp$/, '');
  console.log(`Folio MCP bridge
  MCP URL (for desktop clients):  ${bridge.url}
  Bearer token (for clients):     ${tokens.clientToken}
  Bridge URL (paste into Folio):  ${base}
  Pairing token (paste in Folio): ${tokens.pairingToken}
In Folio: Settings → MCP → tick "Allow desktop MCP clients", paste the Bridge URL and Pairing token.
Waiting for the Folio tab… (Ctrl+C stops)`);
  const stop = async () => {
    await bridge.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main();
