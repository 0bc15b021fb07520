/**
 * Shared pieces of the Claude Code and Codex real-host suites: where the shipped artifacts
 * are, the hook-latency instrument, a fake `npm` that proves a command reached the shell, and
 * readers for what stopline recorded.
 *
 * The suites run the artifacts exactly as shipped in dist/. STOPLINE_TEST_DIST points them at
 * another build of the same tree (used once to show that every scenario fails when the
 * adapter is replaced by one that allows everything).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../harness';

export const DIST = process.env.STOPLINE_TEST_DIST ?? join(repoRoot, 'dist');

/** Fails with the command to run when the artifact has not been built. */
export function requireArtifact(...parts: string[]): string {
  const p = join(DIST, ...parts);
  if (!existsSync(p)) throw new Error(`${p} is missing: run \`npm run build\` first`);
  return p;
}

/**
 * An `npm` that only records that it ran (argv in npm-ran.txt in its cwd) and prints a line:
 * the dependency scenario needs to see a command reach the shell, and no test may touch the
 * network. It goes first on PATH twice over: in the environment the host inherits (Claude's
 * Bash keeps it) and in the run HOME's .profile, because Codex runs commands in a login
 * shell that rebuilds PATH from the profile (a PATH prefix alone let the real npm run).
 * Returns the environment to add; npm_config_offline keeps any real npm off the network.
 */
export function fakeNpmEnv(runDir: string, home: string): Record<string, string> {
  const bin = join(runDir, 'fake-bin');
  mkdirSync(bin, { recursive: true });
  const npm = join(bin, 'npm');
  writeFileSync(npm, '#!/bin/sh\necho "$@" >> npm-ran.txt\necho "fake npm: $*"\n');
  chmodSync(npm, 0o755);
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, '.profile'), `PATH="${bin}:$PATH"\nexport PATH\n`);
  return { PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`, npm_config_offline: 'true', npm_config_cache: join(runDir, 'npm-cache') };
}

export interface TimingLine {
  artifact: string;
  ms: number;
  exitCode: number;
  answered: boolean;
}

/** Lines the artifacts appended to STOPLINE_TIMING_FILE (the latency instrument). */
export function readTimings(file: string): TimingLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as TimingLine);
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface EvidenceRecord {
  type: string;
  action?: { tool?: string; mutability?: string };
  decision?: { reasonCode?: string; outcome?: string; response?: string };
  [k: string]: unknown;
}

/** Every evidence record under `<dataDir>/runtime/`. */
export function readEvidence(dataDir: string): EvidenceRecord[] {
  const dir = join(dataDir, 'runtime');
  if (!existsSync(dir)) return [];
  const out: EvidenceRecord[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      out.push(JSON.parse(line) as EvidenceRecord);
    }
  }
  return out;
}

/** All text a request body carries (messages, system, tool results), for "the model saw X". */
export function requestText(body: unknown): string {
  return JSON.stringify(body ?? '');
}
