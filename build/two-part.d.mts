import type { Plugin, RollupOptions } from 'rollup';
import type { Artifact } from './types';

export declare const PART_START: string;
export declare const PART_END: string;
export declare const BUILD_TOKEN: string;
export declare const DIGEST_TOKEN: string;
export declare function digestOf(second: string): string;
export declare function buildIdOf(second: string): string;
export declare function joinParts(first: string, second: string): string;
export declare function splitParts(text: string): { first: string; second: string } | null;
export declare function secondPartPlugin(artifact: Artifact, o: { inputOptions: () => RollupOptions; minifier: () => Plugin; moduleIds: string[] }): Plugin;
