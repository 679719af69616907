// Headless Chromium for the report tests (Debian's `chromium`, driven by puppeteer-core). Where
// none is installed the tests skip with the reason, except under CI=true, where that is a failure.
import { existsSync } from 'node:fs';

const CANDIDATES = [
  process.env.PEER_BRIDGE_CHROMIUM,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export const chromiumPath: string | undefined = CANDIDATES.find(
  (candidate): candidate is string => !!candidate && existsSync(candidate),
);

export const noChromiumReason = 'no Chromium found (install Debian\'s "chromium" package, or set PEER_BRIDGE_CHROMIUM)';

if (!chromiumPath && process.env.CI === 'true') {
  throw new Error(`${noChromiumReason}: under CI=true the browser tests must run (.ci/run installs chromium)`);
}
