// Fails fast, with one line, when the browser tests have no Chromium to drive.
import { chromiumPath } from './chromium-path.mjs';

if (!chromiumPath()) {
  console.error(
    'No Chromium found: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to its executable.'
  );
  process.exit(1);
}
