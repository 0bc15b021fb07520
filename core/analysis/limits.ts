/**
 * Hard bounds for the analysis layer. Anything past a bound is classified `unknown`
 * (never `read`) with the bound named in the reason, so hostile input costs a bounded
 * amount of time and can never crash a hook.
 */

/** Longest command string analysed (characters). Large heredoc file writes fit; more is unknown. */
export const MAX_COMMAND_CHARS = 262_144;

/** Longest patch / file content scanned for paths and intents (characters). */
export const MAX_PATCH_CHARS = 2_000_000;

/**
 * How deep re-parsed code may nest: `bash -c "sh -c '…'"`, command substitution inside
 * command substitution, `eval`, heredocs fed to a shell. Each level costs one.
 */
export const MAX_NESTING = 12;

/** Most segments one command may produce before the rest is summarised as unknown. */
export const MAX_SEGMENTS = 2_000;

/** Longest tool name looked up in a registry. */
export const MAX_TOOL_NAME_CHARS = 512;
