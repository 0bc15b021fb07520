import type { Artifact, ExtraFile, PackageMeta } from './types';

export interface SizeRow {
  artifact: Artifact;
  bytes: number | null;
}
export declare function staticFileText(file: ExtraFile, root?: string, meta?: PackageMeta): { ok: true; text: string } | { ok: false; error: string };
export declare function finishBuild(opts?: { outRoot?: string; root?: string; artifacts?: Artifact[]; log?: (line: string) => void }): Promise<{ problems: string[]; rows: SizeRow[] }>;
export declare function sizeReport(rows: SizeRow[], outRoot: string, root?: string): string;
export declare const CHECKSUMS_FILE: string;
export declare function checksumsText(outRoot: string): string;
