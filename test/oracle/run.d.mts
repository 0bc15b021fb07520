/** Types for run.mjs (plain JS so a node script can use it without a build). */
export interface Isolation { mode: 'root-namespaces' | 'user-namespaces' | 'user-netns' | 'none'; prefix: string[]; mounts: number; network: string; dropsPrivileges: boolean; owner: { uid: number; gid: number } | null; describe: string }
export interface OracleCtx { root: string; template: string; iso: Isolation; canary: { dir: string; file: string; before: string } }
export interface Observation { cmd: string; changed: boolean; changes: string[]; transient: string[]; exit: number | null; timedOut: boolean; ms: number; stdout?: string }
export function oracleWorkParent(preferred: string): string;
export function prepare(parent: string): OracleCtx;
export function canaryState(dir: string): string;
export function cleanup(ctx: OracleCtx): void;
export function observe(ctx: OracleCtx, cmd: string, i: number, opts?: { timeoutMs?: number; captureStdout?: boolean }): Promise<Observation>;
export function observeAll(ctx: OracleCtx, cmds: string[], opts?: { concurrency?: number; timeoutMs?: number; captureStdout?: boolean; onResult?: (r: Observation, i: number) => void }): Promise<Observation[]>;
export function collectHelps(ctx: OracleCtx, programs: Record<string, unknown>, gitSubs: Record<string, unknown>): Promise<Record<string, string>>;
