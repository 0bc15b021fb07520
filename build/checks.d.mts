import type { Artifact, ArtifactCheckTools } from './types';

export interface ExportInfo {
  name: string;
  local: string | null;
  isFunction: boolean;
  reExport: boolean;
}
export declare function forbiddenPathMarkers(root?: string): string[];
export declare function findAbsolutePaths(text: string, markers?: string[]): string[];
export declare function importedSpecifiers(code: string): (string | null)[];
export declare function checkImports(code: string, opts?: { hostModules?: readonly string[]; secondPartLoader?: boolean }): string[];
export declare function listExports(code: string): ExportInfo[];
export declare function checkLoadsAsTypeScript(code: string, fileName: string): Promise<string[]>;
export declare const CHECK_TOOLS: ArtifactCheckTools;
export declare function checkArtifactCode(artifact: Artifact, code: string, bytes: number): Promise<string[]>;
export declare function checkStaticFile(to: string, text: string): string[];
