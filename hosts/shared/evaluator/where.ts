/**
 * Where a command hook's resident evaluator listens: one Unix socket per user, artifact, build
 * and runtime, in a folder only that user can enter. Read by the hook's start-up path, so it
 * imports nothing.
 *
 * - Folder: `$XDG_RUNTIME_DIR/stopline` (a per-user 0700 folder by its spec) when that is set,
 *   else `<TMPDIR or /tmp>/stopline-<uid>`. It does not follow HOME or STOPLINE_HOME: every
 *   request carries its own environment, so one evaluator serves every data folder of the user.
 *   The client checks the folder before it connects (a folder, not a link, owned by this user,
 *   mode 0700 or less): anyone else's socket there could read the environment it is sent and
 *   answer "allow" to everything.
 * - Name: `<artifact>-<build>-<runtime>.sock`. The build is a hash of the evaluator's code, so a
 *   new build never talks to an old evaluator (which exits when it has been idle long enough),
 *   and the runtime keeps a hook run under deno from being answered by node's evaluator.
 */

/** The argument that makes a hook script serve as the evaluator: `<script> --stopline-evaluator <socket>`. */
export const EVALUATOR_FLAG = '--stopline-evaluator';

/** The artifact and build a hook speaks for. */
export interface EvaluatorSpec {
  /** 'claude', 'codex' */
  artifact: string;
  /** hash of the evaluator's code, set by the build */
  build: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The folder the sockets live in, or null when there is none to use (no user id). */
export function evaluatorDir(env: Env, uid: number | null): string | null {
  if (uid === null) return null;
  const runtimeDir = env.XDG_RUNTIME_DIR;
  if (runtimeDir && runtimeDir.startsWith('/')) return `${runtimeDir.replace(/\/+$/, '')}/stopline`;
  const tmp = env.TMPDIR && env.TMPDIR.startsWith('/') ? env.TMPDIR.replace(/\/+$/, '') : '/tmp';
  return `${tmp || ''}/stopline-${uid}`;
}

/**
 * The socket's path. Linux allows 107 bytes for it (macOS 103): past that the evaluator is not
 * used at all, and every call decides in its own process.
 */
export function socketPath(dir: string, spec: EvaluatorSpec, runtime: string): string | null {
  const path = `${dir}/${spec.artifact}-${spec.build}-${runtime}.sock`;
  return path.length <= 100 ? path : null;
}

/** The start stamp beside the socket: a hook that starts an evaluator writes it, so a burst starts one. */
export function startStampPath(socket: string): string {
  return `${socket}.starting`;
}
