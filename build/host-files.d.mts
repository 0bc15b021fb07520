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
export declare function renderHostFolders(root?: string): string;
export declare function renderCommandHookAdapters(root?: string): string;
export declare function renderTestFolderRows(root?: string): string;
export declare function generatedHostFiles(root?: string): Record<string, string>;
export declare const GENERATED: Record<'hosts/claude/hooks.json' | 'hosts/codex/hooks.json' | 'hosts/gemini/hooks.json' | 'hosts/qwen/hooks.json' | 'hosts/hermes/plugin.yaml' | 'hosts/hermes/__init__.py' | 'hosts/copilot/hooks.json' | 'hosts/droid/hooks.json' | 'hosts/kimi/hooks.toml' | 'hosts/cli/host-folders.ts' | 'hosts/cli/guard/command-hook-adapters.ts' | 'test/hosts/harness/folder-rows.ts' | 'hosts/cli/install.sh', (root?: string) => string>;
