/**
 * The shipped dist/gemini hooks as Gemini loads them from the extension: `${extensionPath}` in
 * each command is the extension's folder (Gemini fills it in; a settings.json hook would leave it
 * to bash, which expands it to nothing).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function shippedGeminiHooks(dir: string): Record<string, unknown> {
  const text = readFileSync(join(dir, 'hooks', 'hooks.json'), 'utf8').replaceAll('${extensionPath}', dir);
  return (JSON.parse(text) as { hooks: Record<string, unknown> }).hooks;
}
