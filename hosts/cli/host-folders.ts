// The hosts' rows of HOST_TOOLS kept in their folders, each beside its doctor checks (hosts/<host>/doctor.ts).
// Rendered by build/host-files.mjs from core/registry/host-specs.ts and the host folders that hold
// the module (`node build/host-files.mjs --write` after adding one): not edited by hand.

import type { HostTools } from './host-tool';
import { tooling as claudeTools } from '../claude/doctor';
import { tooling as codexTools } from '../codex/doctor';
import { tooling as opencodeTools } from '../opencode/doctor';
import { tooling as hermesTools } from '../hermes/doctor';
import { tooling as piTools } from '../pi/doctor';
import { tooling as geminiTools } from '../gemini/doctor';
import { tooling as qwenTools } from '../qwen/doctor';
import { tooling as copilotTools } from '../copilot/doctor';
import { tooling as droidTools } from '../droid/doctor';
import { tooling as clineTools } from '../cline/doctor';
import { tooling as kimiTools } from '../kimi/doctor';
import { tooling as kiloTools } from '../kilo/doctor';
import { tooling as openhandsTools } from '../openhands/doctor';
import { tooling as openclawTools } from '../openclaw/doctor';
import { tooling as vibeTools } from '../vibe/doctor';

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
