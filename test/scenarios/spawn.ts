/**
 * Spawning a built artifact the way its host does: one process per event, the payload on
 * stdin, the answer read from stdout, stderr and the exit code. Uses the committed dist/.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Rendered } from '../../hosts/shared/adapter';
import { ARTIFACTS as BUILT } from '../../build/artifacts.mjs';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';

export const REPO = join(__dirname, '..', '..');

/** The hosts whose door is a command hook: a process per event. */
type CommandHookHost = Extract<(typeof HOST_SPECS)[number], { door: 'command-hook' }>['name'];

/** The built file of every command-hook host, where the build puts it, and the CLI's guard bridge. */
export const ARTIFACTS: Readonly<Record<CommandHookHost | 'guard', { file: string; args: readonly string[] }>> = {
  ...(Object.fromEntries(
    HOST_SPECS.filter((s: HostSpec) => s.door === 'command-hook').map((s: HostSpec) => {
      const built = BUILT.find((a) => a.id === (s.artifact ?? s.name));
      if (!built) throw new Error(`${s.name}: no artifact ${s.artifact ?? s.name} in build/artifacts.mjs`);
      return [s.name, { file: join(REPO, 'dist', built.output), args: [] }];
    }),
  ) as unknown as Record<CommandHookHost, { file: string; args: readonly string[] }>),
  guard: { file: join(REPO, 'dist', 'stopline.mjs'), args: ['guard'] },
};
export type SpawnedHost = keyof typeof ARTIFACTS;

export interface SpawnResult extends Rendered {
  /** the process was killed by the safety timer (a hang) */
  killed: boolean;
  signal: NodeJS.Signals | null;
}

/**
 * Run an artifact with `input` on stdin (a string or bytes; `null` leaves stdin open, as a host
 * that never closes the pipe would). The safety timer only exists so a broken artifact cannot
 * hang the suite; it is far above any artifact bound and is not a speed assertion.
 */
export function runArtifact(host: SpawnedHost, input: string | Uint8Array | null, env: Record<string, string>, cwd: string, safetyMs = 60_000, extraArgs: readonly string[] = []): Promise<SpawnResult> {
  const a = ARTIFACTS[host];
  return spawnNode([a.file, ...a.args, ...extraArgs], input, env, cwd, safetyMs);
}

/**
 * `node <argv>` with `input` on stdin (`null` leaves it open), collecting stdout, stderr and the
 * exit. The safety timer only keeps a broken process from hanging a suite.
 */
export function spawnNode(argv: string[], input: string | Uint8Array | null, env: Record<string, string>, cwd: string, safetyMs: number): Promise<SpawnResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, safetyMs);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.stdin.on('error', () => {}); // the process may refuse and exit before reading everything
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), exitCode: code ?? -1, killed, signal });
    });
    if (input !== null) child.stdin.end(input);
  });
}
