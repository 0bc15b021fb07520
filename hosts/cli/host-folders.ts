// The hosts' rows of HOST_TOOLS kept in their folders (hosts/<host>/tooling.ts).
// Rendered by build/host-files.mjs from core/registry/host-specs.ts and the host folders that hold
// the module (`node build/host-files.mjs --write` after adding one): not edited by hand.

import type { HostTools } from './host-tool';
import { tooling as claudeTools } from '../claude/tooling';
import { tooling as codexTools } from '../codex/tooling';
import { tooling as opencodeTools } from '../opencode/tooling';
import { tooling as hermesTools } from '../hermes/tooling';
import { tooling as piTools } from '../pi/tooling';
import { tooling as geminiTools } from '../gemini/tooling';
import { tooling as qwenTools } from '../qwen/tooling';
import { tooling as copilotTools } from '../copilot/tooling';
import { tooling as droidTools } from '../droid/tooling';
import { tooling as clineTools } from '../cline/tooling';
import { tooling as kimiTools } from '../kimi/tooling';
import { tooling as kiloTools } from '../kilo/tooling';
import { tooling as openhandsTools } from '../openhands/tooling';
import { tooling as openclawTools } from '../openclaw/tooling';
import { tooling as vibeTools } from '../vibe/tooling';

export const FOLDER_TOOLS = {
  claude: claudeTools,
  codex: codexTools,
  opencode: opencodeTools,
  hermes: hermesTools,
  pi: piTools,
  gemini: geminiTools,
  qwen: qwenTools,
  copilot: copilotTools,
  droid: droidTools,
  cline: clineTools,
  kimi: kimiTools,
  kilo: kiloTools,
  openhands: openhandsTools,
  openclaw: openclawTools,
  vibe: vibeTools,
} as const satisfies Readonly<Record<string, HostTools>>;
