/**
 * Looking a tool up in one host's table, apart from the table of all hosts (index.ts), so that
 * code which reads one registry (the analysis, an adapter) does not carry every host's tables.
 */
import type { HostRegistry, ToolEntry } from './types';

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

