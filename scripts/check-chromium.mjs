// The browser tests drive Debian's Chromium; Playwright cannot download its own browser here.
// Run with Node 24 (after scripts/check-node.mjs), which loads the TypeScript module below as it is.
import { chromiumPath, DEBIAN_CHROMIUMS } from '../e2e/support/chromium-path.ts';

if (!chromiumPath()) {
  const where = process.env.CHROMIUM_PATH?.trim() || DEBIAN_CHROMIUMS.join(' or ');
  console.error(
    `Chromium was not found at ${where}; the browser tests need it.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium-headless-shell\n' +
      "(Debian's full chromium works too; or set CHROMIUM_PATH to another Chromium binary).",
  );
  process.exit(1);
}
