export interface HookFiles {
  renderHookFile(host: string): string;
  withHookTuple(host: string, source: string): string;
  installShWithHosts(source: string): string;
}
export declare function hookFiles(root?: string): HookFiles;
export declare function hostSpecs(root?: string): readonly { name: string; displayName: string; door: string; shipped?: { file: string; tuple?: { file: string } } }[];
export interface FolderTable {
  what: string;
  module: string;
  exported: string;
  local: string;
  table: string;
  type: { name: string; from: string };
  hosts?: (spec: { name: string; door: string }) => boolean;
}
export declare const FOLDER_TABLES: Record<'hosts/cli/host-folders.ts' | 'hosts/cli/guard/command-hook-adapters.ts' | 'hosts/cli/install/hook-file-parts.ts' | 'test/hosts/harness/folder-rows.ts', FolderTable>;
export declare function renderFolderTable(file: keyof typeof FOLDER_TABLES, root?: string): string;
export declare function generatedHostFiles(root?: string): Record<string, string>;
/** the renderer of each generated file, keyed by its committed copy (the host specs' shipped files, the folder tables, install.sh) */
export declare const GENERATED: Readonly<Record<string, (root?: string) => string>>;
