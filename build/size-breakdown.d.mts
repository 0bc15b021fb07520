import type { Artifact } from './types';

export interface SourceMapLike {
  mappings: string;
  sources: string[];
}
export declare function sizeKind(file: string): string;
export declare function decodeMappings(mappings: string): number[][][];
export declare function attribute(code: string, map: SourceMapLike): Map<string, number>;
export declare function sourceFile(source: string): string;
export declare function minifiedBreakdown(artifact: Artifact, entry: string, opts?: { mangle?: boolean | object; asciiOnly?: boolean }): Promise<{ total: number; byFile: Map<string, number> }>;
