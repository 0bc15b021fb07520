/**
 * Every hook dialect's hook-file row (HookFileSpec, core/registry/types.ts), keyed by the host that speaks
 * it: core/hooks reads the person's hooks through this table alone. Only the event rows and these
 * rows are imported, so an artifact that runs the person's hooks carries no host's tool table.
 */
import type { HookDialect } from './host-specs';
import type { HookFileSpec } from './types';
import { claudeHookFile } from './claude-events';
import { codexHookFile } from './codex-events';
import { copilotHookFile } from './copilot-events';
import { droidHookFile } from './droid-events';
import { geminiHookFile } from './gemini-events';
import { hermesHookFile } from './hermes-events';
import { kimiHookFile } from './kimi-events';
import { openhandsHookFile } from './openhands-events';
import { qwenHookFile } from './qwen-events';
import { vibeHookFile } from './vibe-events';

export const HOOK_FILES: Readonly<Record<HookDialect, HookFileSpec>> = {
  claude: claudeHookFile,
  codex: codexHookFile,
  hermes: hermesHookFile,
  gemini: geminiHookFile,
  qwen: qwenHookFile,
  copilot: copilotHookFile,
  droid: droidHookFile,
  kimi: kimiHookFile,
  openhands: openhandsHookFile,
  vibe: vibeHookFile,
};
