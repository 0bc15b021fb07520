/**
 * The shipped dist/qwen hooks as Qwen loads them from the extension: `${CLAUDE_PLUGIN_ROOT}` in
 * each command is the extension's folder (Qwen fills it in for an extension's hooks only).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function shippedQwenHooks(dir: string): Record<string, unknown> {
  const text = readFileSync(join(dir, 'hooks', 'hooks.json'), 'utf8').replaceAll('${CLAUDE_PLUGIN_ROOT}', dir);
  return (JSON.parse(text) as { hooks: Record<string, unknown> }).hooks;
}
