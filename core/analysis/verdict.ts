/**
 * What a program table says about one argv. The shell walker (shell.ts) turns verdicts
 * into segments; wrappers return `exec` so the wrapped argv is classified in turn.
 */
import type { Arg } from './words';

export type Leaf = {
  kind: 'leaf';
  mutability: 'read' | 'write' | 'unknown';
  /** human reason, e.g. "rm removes files" */
  why: string;
  /** write targets; undefined on a write = targets not provable */
  paths?: Arg[];
  /**
   * The one thing this write makes: a new entry directly in `folder` whose name starts with
   * `prefix` and goes on as the program picks when it runs (mktemp). Only on a write without `paths`.
   */
  newEntry?: { folder: Arg; prefix: string };
  /** the targets receive new content (not just deletion / metadata): used for manifest intent */
  writesContent?: boolean;
  /** the new content, when it is visible (echo, heredoc) */
  content?: string;
  /** `>>`-style: the content is appended, not the whole file */
  append?: boolean;
  dep?: boolean;
  hash?: boolean;
  /**
   * A write the tool makes only to its own state outside the project (per-user caches, telemetry,
   * first-run files) while the command itself only reads: never a read, but not a proven change
   * of the project either, so it counts as unproven (collect.ts) and a sandbox can hold it.
   */
  toolState?: boolean;
  /** the program changes stopline's own protected files (host-clis.ts): self-protection, whatever the targets */
  selfTarget?: boolean;
  /** program files this runs (a script given to an interpreter or a shell, a program named by its path) */
  runs?: Arg[];
  /** the names this makes links (ln): a later write through one of them in the same command is unproven */
  links?: Arg[];
  /**
   * The write happens only when a target is missing (sqlite3 creates the database it opens to
   * read): the decision drops such targets once the disk shows them there (decide.ts).
   */
  onlyIfMissing?: boolean;
};

/** `xargs -I R cmd … R …`: each input line takes the place of R in the words of the command as written. */
interface StdinLines {
  replace: string;
  template: Arg[];
}

export type Verdict =
  | Leaf
  /**
   * run another argv (a wrapper); `runtimeArgs` = more arguments arrive at run time; `stdinWords` = they are the words of its
   * stdin, split on blanks, or on `stdinDelimiter` when one is given (xargs -0, -d), which also turns quoting off
   */
  | { kind: 'exec'; argv: Arg[]; why: string; cwd?: Arg; runtimeArgs?: boolean; keepStdin?: boolean; stdinWords?: boolean; stdinDelimiter?: string; stdinLines?: StdinLines }
  /** parse and analyse this text as a POSIX shell script */
  | { kind: 'shell'; source: string; why: string; /** runs in folders only known at run time */ cwdUnknown?: boolean }
  | { kind: 'powershell'; source: string; why: string }
  /** a patch (apply_patch envelope or unified diff) applied to files */
  | {
      kind: 'patch';
      text: string;
      why: string;
      /** how the program strips path prefixes is not known (patch without a visible -p): targets unproven */
      targetsUnproven?: boolean;
      /** git apply: targets are proven only when every file header carries git's a/ b/ prefixes */
      needsGitPrefixes?: boolean;
    }
  | { kind: 'cd'; target: Arg | null; why: string }
  | { kind: 'many'; verdicts: Verdict[] };

/**
 * `pipe`: `download` when an earlier command of the pipeline downloads (what a shell reads from it
 * comes from the network); `text` when the command before it only prints known text (`printf x |`),
 * which the floor reads as the code a shell there runs.
 */
export type StdinInfo = { kind: 'tty' } | { kind: 'pipe'; download?: boolean; text?: string } | { kind: 'file' } | { kind: 'text'; text: string };

export interface ProgramContext {
  stdin: StdinInfo;
  home?: string;
  /** the folder a temp file goes to by default ($TMPDIR, else /tmp); null when this command may have changed it */
  tmpdir?: string | null;
}

export function read(why: string, extra: Partial<Leaf> = {}): Leaf {
  return { kind: 'leaf', mutability: 'read', why, ...extra };
}
export function write(why: string, paths?: Arg[], extra: Partial<Leaf> = {}): Leaf {
  return { kind: 'leaf', mutability: 'write', why, paths, ...extra };
}
export function unknown(why: string, extra: Partial<Leaf> = {}): Leaf {
  return { kind: 'leaf', mutability: 'unknown', why, ...extra };
}
