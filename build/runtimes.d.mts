export type RuntimeName = 'node' | 'bun' | 'deno';
export interface RunResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}
export interface RunOptions {
  argv?: string[];
  stdin?: string;
  env?: Record<string, string | undefined>;
  cwd?: string;
  timeoutMs?: number;
}
export declare const RUNTIMES: Record<RuntimeName, string[]>;
export declare function displayCommand(runtime: RuntimeName, file: string, argv?: string[]): string;
export declare function runFile(runtime: RuntimeName, file: string, opts?: RunOptions): Promise<RunResult>;
export declare function spawnCollect(exe: string, args: string[], opts: Omit<RunOptions, 'argv'>): Promise<RunResult>;
