import type { Plugin } from 'rollup';

export declare const LAZY_MODULES: readonly string[];
export declare function transpileTypeScript(): Plugin;
export declare function bundleLazyModule(id: string, plugins: () => Plugin[]): Promise<{ code: string; exports: string[]; builtins: string[]; moduleIds: string[] }>;
export declare function evaluateLazyBody(code: string, builtins: Record<string, unknown>): Record<string, unknown>;
export declare function standInSource(inner: { code: string; exports: string[]; builtins: string[] }): string;
export declare function lazyModules(opts: { root: string; plugins: () => Plugin[]; modules?: readonly string[]; within?: string; onInnerModules?: (ids: string[]) => void }): Plugin;
