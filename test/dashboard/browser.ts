/**
 * Debian chromium driven by playwright-core for the dashboard's browser tests. Headless, no
 * sandbox (tests run as root in CI), no GPU, nothing that talks to the network on its own,
 * and a fresh profile per launch. `.ci/run` installs /usr/bin/chromium through apt.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  try {
    createRequire(import.meta.url).resolve('playwright-core');
  } catch {
    return 'playwright-core is not installed (it is a pinned devDependency; run npm ci)';
  }
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing (apt-get install -y chromium; .ci/run does this)`;
  return null;
}

export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'stopline-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-default-apps'],
    viewport: { width: 1400, height: 1000 },
    locale: 'en-US',
    timezoneId: 'UTC',
    timeout: 180_000,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
