import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { projectRoot } from '../../runtime/paths';

/**
 * Debian's Chromium (`apt-get install chromium`, done by .ci/run), driven by playwright-core: the
 * browser comes from the distribution, never from a download. CHROMIUM_PATH names another binary.
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`no Chromium found (tried ${candidates.join(', ')}): apt-get install -y chromium`);
  return found;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    timeout: 60_000,
    args: [
      // Root in a container has no user namespaces for Chromium's sandbox.
      '--no-sandbox',
      '--disable-dev-shm-usage',
      // Loopback only: a page of the test never reaches another machine.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

/** Where screenshots of the pages are kept (`.ci/run` prints it): TEST_ARTIFACTS_DIR, else test-artifacts/ in the checkout. */
export function artifactsDir(): string {
  return path.join(process.env.TEST_ARTIFACTS_DIR ?? path.join(projectRoot(), 'test-artifacts'), 'web-app');
}

/** A full-page screenshot named after the step (`01-sign-in.png`). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = artifactsDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
