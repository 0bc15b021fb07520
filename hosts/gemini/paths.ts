/**
 * Where Gemini CLI 0.61.0's write_file and replace really write, from the file_path the model
 * gave (docs/hosts/gemini.md, Paths; read in the installed bundle). Part of Gemini's own
 * resolution looks at the disk, so this runs in the hook process, on the same disk, just
 * before the tool:
 *
 * 1. NUL characters are removed.
 * 2. When `<target>/<path>` exists, the path is taken as written. Otherwise a leading `@`
 *    (and any `/` after it) is stripped, unless `<target>/@<first segment>` exists.
 * 3. replace only: a relative path whose `<target>/<path>` does not exist is searched for by
 *    file name in the workspace, and a unique match anywhere is the file edited. stopline
 *    cannot know what that search finds: the target is unproven.
 * 4. The result is joined with the target folder, then percent-decoded as a whole
 *    (`a%2Fb.txt` is `a/b.txt`), then normalised (`x/%2e%2e/y` is `y`). `~` is never expanded.
 *
 * Gemini also follows symbolic links (realpath); stopline judges the link's own path, as on
 * every host.
 */
import { isAbsolute, join, resolve } from 'node:path';

type GeminiPlacement = { path: string } | { unproven: string };

/** The tools whose file_path goes through this resolution, and whether a relative miss is searched for. */
export const GEMINI_FILE_TOOLS: Readonly<Record<string, { searches: boolean }>> = {
  write_file: { searches: false },
  replace: { searches: true },
};

/** Step 2: the `@` handling (Gemini's defensive mention strip), given what exists under the target. */
function withoutMention(clean: string, target: string, exists: (p: string) => boolean): string {
  if (exists(resolve(target, clean))) return clean;
  if (!clean.startsWith('@') || clean.length < 2) return clean;
  const stripped = clean.slice(1).replace(/^[\\/]+/, '');
  if (clean.startsWith('@/') || clean.startsWith('@\\')) return stripped.length > 0 ? stripped : clean;
  const first = stripped.split(/[\\/]/)[0];
  if (!first) return clean;
  return exists(resolve(target, `@${first}`)) ? clean : stripped;
}

/** Step 4: join, decode the whole path (a bad escape keeps it as it is), normalise. */
function joined(target: string, p: string): string {
  let abs = resolve(target, p);
  try {
    abs = decodeURIComponent(abs);
  } catch {
    // Gemini keeps the path undecoded when decoding throws
  }
  return resolve(abs);
}

export function placeGeminiPath(raw: string, tool: string, target: string, exists: (p: string) => boolean): GeminiPlacement {
  const clean = raw.replace(/\0/g, '');
  if (clean.trim() === '') return { unproven: 'the path is empty' };
  if (isAbsolute(clean)) return { path: joined('/', clean) };
  const sanitized = withoutMention(clean, target, exists);
  if (GEMINI_FILE_TOOLS[tool]?.searches && !exists(join(target, sanitized))) {
    return { unproven: `${tool} searches the workspace for a relative path that does not exist, and edits whatever single file matches` };
  }
  return { path: joined(target, sanitized) };
}
