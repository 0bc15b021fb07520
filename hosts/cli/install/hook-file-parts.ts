// What the hosts' shipped hook files hold beyond their rows, kept in their folders (hosts/<host>/hook-file.ts).
// Rendered by build/host-files.mjs from core/registry/host-specs.ts and the host folders that hold
// the module (`node build/host-files.mjs --write` after adding one): not edited by hand.

import type { HookFileParts } from '../../../core/registry/host-specs';
import { hookFile as claudeHookFile } from '../../claude/hook-file';

export const HOOK_FILE_PARTS = {
  claude: claudeHookFile,
} as const satisfies Readonly<Record<string, HookFileParts>>;
