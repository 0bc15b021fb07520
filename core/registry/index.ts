/** All per-host registries, keyed by host family. */
import type { HostFamily } from '../protocol';
import { claudeRegistry } from './claude';
import { codexRegistry } from './codex';
import { geminiRegistry } from './gemini';
import { hermesRegistry } from './hermes';
import { opencodeRegistry } from './opencode';
import { piRegistry } from './pi';
import { qwenRegistry } from './qwen';
import type { HostRegistry, ToolEntry } from './types';

export type RegistryFamily = Exclude<HostFamily, 'guard'>;

export const REGISTRIES: Readonly<Record<RegistryFamily, HostRegistry>> = {
  claude: claudeRegistry,
  codex: codexRegistry,
  opencode: opencodeRegistry,
  hermes: hermesRegistry,
  pi: piRegistry,
  gemini: geminiRegistry,
  qwen: qwenRegistry,
};

/**
 * The registry entry for a tool name: exact names first, then `toolPatterns` in order.
 * Pattern entries come back with `name` set to the tool name asked for.
 */
export function findToolEntry(registry: HostRegistry, toolName: string): ToolEntry | null {
  for (const e of registry.tools) if (e.name === toolName) return e;
  for (const p of registry.toolPatterns) {
    let re: RegExp;
    try {
      re = new RegExp(p.namePattern);
    } catch {
      continue; // a bad pattern never matches
    }
    if (re.test(toolName)) {
      const { namePattern: _ignored, ...rest } = p;
      return { name: toolName, ...rest };
    }
  }
  return null;
}

/** The canonical tool name (Bash, Read, Write, Edit, Task…) for a host's tool, when known. */
export function canonicalToolName(family: RegistryFamily, toolName: string): string | undefined {
  const reg = REGISTRIES[family];
  if (!reg) return undefined;
  return findToolEntry(reg, toolName)?.canonical;
}
