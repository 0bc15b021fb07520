/**
 * What Claude Code's shipped hooks.json holds beyond its rows (core/registry/host-specs.ts): the
 * mod's shell guard in front of every command, so a command hook stays silent without starting a
 * runtime when the mod decides in this process (mod-live.ts), and the mod module beside the file.
 */
import type { HookFileParts } from '../../core/registry/host-specs';
import { CLAUDE_MOD_SHELL_GUARD } from './mod-live';

/** The plugin's hooks module (the mod door), beside hooks.json; Claude Code loads it when mods are allowed. */
export const CLAUDE_MOD_MODULE = './stopline-mod.mjs';

export const hookFile: HookFileParts = {
  commandPrefix: CLAUDE_MOD_SHELL_GUARD,
  fields: {
    description: 'stopline: task-contract guard (see skills/stopline/SKILL.md); the module decides inside Claude Code, the command hooks wherever it does not load',
    modules: [CLAUDE_MOD_MODULE],
  },
};
