export interface HookFiles {
  claudePluginHooksJson(): string;
  codexHooksJson(): string;
  geminiExtensionHooksJson(): string;
  qwenExtensionHooksJson(): string;
  hermesPluginYaml(): string;
  hermesShimWithHooks(source: string): string;
  hermesPluginHooks(): string[];
  copilotPluginHooksJson(): string;
  droidPluginHooksJson(): string;
  kimiHooksToml(): string;
  installShWithHosts(source: string): string;
}
export declare function hookFiles(root?: string): HookFiles;
export declare function hostSpecs(root?: string): readonly { name: string; displayName: string; door: string }[];
export interface FolderTable {
  what: string;
  module: string;
  exported: string;
  local: string;
  table: string;
  type: { name: string; from: string };
  hosts?: (spec: { name: string; door: string }) => boolean;
}
export declare const FOLDER_TABLES: Record<'hosts/cli/host-folders.ts' | 'hosts/cli/guard/command-hook-adapters.ts' | 'test/hosts/harness/folder-rows.ts', FolderTable>;
export declare function renderFolderTable(file: keyof typeof FOLDER_TABLES, root?: string): string;
export declare function generatedHostFiles(root?: string): Record<string, string>;
export declare const GENERATED: Record<'hosts/claude/hooks.json' | 'hosts/codex/hooks.json' | 'hosts/gemini/hooks.json' | 'hosts/qwen/hooks.json' | 'hosts/hermes/plugin.yaml' | 'hosts/hermes/__init__.py' | 'hosts/copilot/hooks.json' | 'hosts/droid/hooks.json' | 'hosts/kimi/hooks.toml' | 'hosts/cli/host-folders.ts' | 'hosts/cli/guard/command-hook-adapters.ts' | 'test/hosts/harness/folder-rows.ts' | 'hosts/cli/install.sh', (root?: string) => string>;
