/** All per-host registries, keyed by host family. */
import type { HostFamily } from '../protocol';
import { claudeRegistry } from './claude';
import { clineRegistry } from './cline';
import { codexRegistry } from './codex';
import { copilotRegistry } from './copilot';
import { droidRegistry } from './droid';
import { geminiRegistry } from './gemini';
import { hermesRegistry } from './hermes';
import { kimiRegistry } from './kimi';
import { kiloRegistry } from './kilo';
import { opencodeRegistry } from './opencode';
import { openhandsRegistry } from './openhands';
import { opencode2Registry } from './opencode2';
import { openclawRegistry } from './openclaw';
import { piRegistry } from './pi';
import { qwenRegistry } from './qwen';
import { vibeRegistry } from './vibe';
import { findToolEntry } from './lookup';
import type { HostRegistry } from './types';

/** @keep findToolEntry a host's tool row by name: the tests read rows through it */
export { findToolEntry };

export type RegistryFamily = Exclude<HostFamily, 'guard'>;

export const REGISTRIES: Readonly<Record<RegistryFamily, HostRegistry>> = {
  claude: claudeRegistry,
  codex: codexRegistry,
  opencode: opencodeRegistry,
  hermes: hermesRegistry,
  pi: piRegistry,
  gemini: geminiRegistry,
  qwen: qwenRegistry,
  copilot: copilotRegistry,
  droid: droidRegistry,
  cline: clineRegistry,
  kimi: kimiRegistry,
  kilo: kiloRegistry,
  openhands: openhandsRegistry,
  openclaw: openclawRegistry,
  vibe: vibeRegistry,
};

/**
 * Versions of a host whose plugin API differs from the one its family row describes (OpenCode
 * v2 beside OpenCode 1.x): listed in the support matrix on their own, never in REGISTRIES,
 * which holds one table per host family.
 */
export const VARIANT_REGISTRIES: readonly HostRegistry[] = [opencode2Registry];

