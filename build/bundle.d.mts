import type { RollupOptions, Plugin } from 'rollup';
import type { Artifact, PackageMeta } from './types';

export declare const SHEBANG: string;
export declare const VERSION_TOKEN: string;
export declare function sourceHash(moduleIds: readonly string[], root?: string): string;
export declare function bannerLines(artifact: Artifact, hash: string, meta?: PackageMeta): string[];
export declare function finishCode(artifact: Artifact, code: string, hash: string, meta?: PackageMeta): string;
export declare const PACKED_TEXT: string;
export declare function packText(text: string): string;
export declare function packedTextPlugin(opts?: { root?: string }): Plugin;
export declare function stoplineBundle(artifact: Artifact, opts?: { root?: string; meta?: PackageMeta }): Plugin;
export declare function inputOptionsFor(artifact: Artifact, entry: string, opts?: { root?: string; meta?: PackageMeta; sourcemap?: boolean }): RollupOptions;
export declare function minifier(opts?: { mangle?: boolean | object; asciiOnly?: boolean }): Plugin;
export declare function rollupOptionsFor(artifact: Artifact, opts?: { root?: string; outRoot?: string; meta?: PackageMeta }): RollupOptions;
export declare function artifactTsconfig(artifact: Artifact, root?: string, entry?: string): string;
