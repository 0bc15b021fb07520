import type { PluginCall, PluginCallResult } from '../types';
import type { RuntimeName } from '../runtimes.mjs';

export interface PluginHostAnswer {
  exports: Record<string, string>;
  loadError?: string;
  results: PluginCallResult[];
  records: { call: string; args: unknown[] }[];
  stderr: string;
}
export interface ShimHostAnswer {
  registered: Record<string, number>;
  load_error?: string;
  results: { name: string; unhandled?: boolean; returned?: unknown[]; error?: string | null }[];
  records: unknown[];
  stderr: string;
}
export declare const PLUGIN_HOST: string;
export declare const SHIM_HOST: string;
export declare function runPluginCalls(runtime: RuntimeName, kind: 'opencode' | 'pi', file: string, calls: PluginCall[], opts: { project: string; env?: Record<string, string | undefined>; timeoutMs?: number }): Promise<PluginHostAnswer>;
export declare function runShimSteps(pluginDir: string, steps: { name: string; hook: string; kwargs?: Record<string, unknown> }[], opts: { host: string; project: string; env?: Record<string, string | undefined>; timeoutMs?: number; python?: string }): Promise<ShimHostAnswer>;
export { RUNTIMES, runFile } from '../runtimes.mjs';
