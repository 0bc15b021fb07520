/**
 * Where the pinned real hosts live: `.hosts/<name>/` under the repo root, installed by
 * test/hosts/install-hosts.mjs from the pins (pins.mjs joins the shared and per-host files).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPins, type HostPin } from './pins.mjs';

/** An install name of the pins: a host's name, or one of its variants (`pi-ew`) or a shared Node. */
export type InstalledHost = string;

const pins = loadPins();

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const hostsRoot = join(repoRoot, '.hosts');
export const installScript = join(repoRoot, 'test', 'hosts', 'install-hosts.mjs');

function pinOf(name: InstalledHost): HostPin {
  const pin = pins[name];
  if (!pin) throw new Error(`no pin named "${name}" (test/hosts/<host>/pins.json or test/hosts/harness/pins.json)`);
  return pin;
}

/** Absolute path of the host's entry file (binary or CLI script). */
export function hostEntry(name: InstalledHost): string {
  return join(hostsRoot, name, pinOf(name).entry);
}

/** The pinned version of the host's main package. */
export function hostVersion(name: InstalledHost): string {
  return Object.values(pinOf(name).packages)[0] ?? '';
}

/** True when the host's entry file is in place (install-hosts.mjs ran for it). */
export function isHostInstalled(name: InstalledHost): boolean {
  const entry = hostEntry(name);
  return existsSync(entry) && statSync(entry).size >= (pinOf(name).minEntryBytes ?? 0);
}

export class HostNotInstalledError extends Error {
  override name = 'HostNotInstalledError';
}

/** The entry path, or a clear error naming the command that installs it. */
export function requireHost(name: InstalledHost): string {
  if (!isHostInstalled(name)) {
    throw new HostNotInstalledError(`${name} is not installed at ${hostEntry(name)}; run: node test/hosts/install-hosts.mjs --only ${name}`);
  }
  return hostEntry(name);
}

/** Directory holding a staged ripgrep (`rg`) for OpenCode when none is on PATH, or null. */
export function stagedToolsDir(): string | null {
  const dir = join(hostsRoot, 'tools');
  return existsSync(join(dir, 'rg')) ? dir : null;
}
