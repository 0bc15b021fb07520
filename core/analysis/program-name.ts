/** How the command word names a program: a name, a file to run, or a word only known at run time. */
import type { Arg } from './words';

const SYSTEM_BIN = /^(?:\/usr)?(?:\/local)?\/s?bin\/|^\/opt\/homebrew\/bin\/|^\/(?:usr\/)?(?:local\/)?opt\/[^/]+\/bin\/|^\/run\/current-system\/sw\/bin\/|^\/nix\/var\/nix\/profiles\/[^/]+\/bin\//;

type ProgramName = { name: string } | { file: string } | { computed: string };

/** How the command word names a program. */
export function programName(arg: Arg): ProgramName {
  if (arg.value === null || arg.glob) return { computed: arg.text };
  let v = arg.value;
  if (v === '') return { computed: '""' };
  if (v.includes('/') || v.includes('\\')) {
    const slashed = v.replace(/\\/g, '/');
    const base = slashed.slice(slashed.lastIndexOf('/') + 1);
    if (SYSTEM_BIN.test(slashed) || /(^|\/)node_modules\/\.bin\/[^/]+$/.test(slashed) || /^[A-Za-z]:\/(windows\/system32|program files[^/]*\/git\/(usr\/)?bin)\//i.test(slashed)) {
      v = base;
    } else return { file: v };
  }
  v = v.replace(/\.(exe|cmd|bat|com)$/i, '');
  return { name: v };
}
