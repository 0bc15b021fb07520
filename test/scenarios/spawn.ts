/**
 * Spawning a built artifact the way its host does: one process per event, the payload on
 * stdin, the answer read from stdout, stderr and the exit code. Uses the committed dist/.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Rendered } from '../../hosts/shared/adapter';

export const REPO = join(__dirname, '..', '..');

export const ARTIFACTS = {
  claude: { file: join(REPO, 'dist', 'claude', 'stopline.mjs'), args: [] as string[] },
  codex: { file: join(REPO, 'dist', 'codex', 'stopline.mjs'), args: [] as string[] },
  copilot: { file: join(REPO, 'dist', 'copilot', 'stopline.mjs'), args: [] as string[] },
  droid: { file: join(REPO, 'dist', 'droid', 'stopline.mjs'), args: [] as string[] },
  openhands: { file: join(REPO, 'dist', 'openhands', 'stopline.mjs'), args: [] as string[] },
  guard: { file: join(REPO, 'dist', 'stopline.mjs'), args: ['guard'] },
  gemini: { file: join(REPO, 'dist', 'gemini', 'stopline.mjs'), args: [] as string[] },
  qwen: { file: join(REPO, 'dist', 'qwen', 'stopline.mjs'), args: [] as string[] },
  cline: { file: join(REPO, 'dist', 'cline', 'stopline.mjs'), args: [] as string[] },
  kimi: { file: join(REPO, 'dist', 'kimi', 'stopline.mjs'), args: [] as string[] },
  vibe: { file: join(REPO, 'dist', 'vibe', 'stopline.mjs'), args: [] as string[] },
} as const;
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
