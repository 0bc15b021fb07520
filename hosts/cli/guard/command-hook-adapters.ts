// The adapters of the hosts whose door is a command hook (hosts/<host>/adapter.ts).
// Rendered by build/host-files.mjs from core/registry/host-specs.ts and the host folders that hold
// the module (`node build/host-files.mjs --write` after adding one): not edited by hand.

import type { CommandHookAdapter } from '../../shared/adapter';
import { claudeAdapter } from '../../claude/adapter';
import { codexAdapter } from '../../codex/adapter';
import { geminiAdapter } from '../../gemini/adapter';
import { qwenAdapter } from '../../qwen/adapter';
import { copilotAdapter } from '../../copilot/adapter';
import { droidAdapter } from '../../droid/adapter';
import { clineAdapter } from '../../cline/adapter';
import { kimiAdapter } from '../../kimi/adapter';
import { openhandsAdapter } from '../../openhands/adapter';
import { vibeAdapter } from '../../vibe/adapter';

export const COMMAND_HOOK_ADAPTERS = {
  claude: claudeAdapter,
  codex: codexAdapter,
  gemini: geminiAdapter,
  qwen: qwenAdapter,
  copilot: copilotAdapter,
  droid: droidAdapter,
  cline: clineAdapter,
  kimi: kimiAdapter,
  openhands: openhandsAdapter,
  vibe: vibeAdapter,
} as const satisfies Readonly<Record<string, CommandHookAdapter>>;
