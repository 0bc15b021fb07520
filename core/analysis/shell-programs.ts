/** Shells as programs: `sh -c '…'` is re-parsed; a script argument, piped input or an interactive shell is unknown. */
import { interactive } from './interpreters';
import { read, unknown, type ProgramContext, type Verdict } from './verdict';
import type { Arg } from './words';

export const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'rbash', 'yash', 'posh', 'busybox-sh']);

export const FOREIGN_SHELLS = new Set(['fish', 'csh', 'tcsh', 'nu', 'xonsh', 'elvish', 'cmd']);

/**
 * A POSIX shell's own options, read the way it does: where its first operand is (the `-c` code or
 * the script), and whether `-c`, `-n` (check only) or `-s` (code from stdin) were given. A word
 * only known at run time stops the reading there (`runTime`).
 */
export function shellOptions(args: readonly Arg[]): { at: number; wantsC: boolean; noexec: boolean; readStdin: boolean; runTime: boolean } {
  let wantsC = false;
  let noexec = false;
  let readStdin = false;
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return { at: i, wantsC, noexec, readStdin, runTime: true };
    // a lone `-` ends the options as `--` does (`curl … | sh -`)
    if (v === '--' || v === '-') {
      i++;
      break;
    }
    if (v === '-o' || v === '+o' || v === '-O' || v === '+O' || v === '--rcfile' || v === '--init-file') {
      i++;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(v)) {
      if (v.startsWith('-') && v.includes('c')) wantsC = true;
      if (v.startsWith('-') && v.includes('n')) noexec = true;
      if (v.startsWith('-') && v.includes('s')) readStdin = true;
      continue;
    }
    if (v.startsWith('--')) continue;
    break;
  }
  return { at: i, wantsC, noexec, readStdin, runTime: false };
}

export function shellProgram(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  if (args.length === 1 && (args[0]!.value === '--version' || args[0]!.value === '--help')) return read(`${name} prints information`);
  const opts = shellOptions(args);
  if (opts.runTime) return unknown(`${name}: an option or script only known at run time`);
  const { wantsC, readStdin } = opts;
  let { noexec } = opts;
  const i = opts.at;
  const operand = args[i];
  // -n is ignored by an interactive shell, and a login shell or --rcfile reads startup files first
  if (noexec && args.some((a) => a.value !== null && (/^-[A-Za-z]*[il]/.test(a.value) || /^--(login|rcfile|init-file|interactive)$/.test(a.value)))) noexec = false;
  if (wantsC) {
    if (!operand) return unknown(`${name} -c without a command`);
    if (operand.value === null) return unknown(`${name} -c runs a command only known at run time`);
    if (noexec) return read(`${name} -n only checks syntax`);
    return { kind: 'shell', source: operand.value, why: `${name} -c runs the string as a shell command` };
  }
  if (noexec) return read(`${name} -n only checks syntax`);
  if (operand && !readStdin) return unknown(`${name} runs the script ${operand.text}; its content is not visible to the hook`, { runs: [operand] });
  switch (ctx.stdin.kind) {
    case 'text':
      return { kind: 'shell', source: ctx.stdin.text, why: `${name} runs the script given on its stdin` };
    case 'pipe':
      return unknown(`${name} runs commands piped into it (computed at run time)`);
    case 'file':
      return unknown(`${name} runs commands from a redirected file`);
    default:
      return interactive(name, ctx);
  }
}
