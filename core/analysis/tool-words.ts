/**
 * Words every tool classifier reads alike: a call that only prints its version or help, the
 * first operand after the tool's options, and the package operands of an install.
 */
import type { TableParse } from './table';
import type { Arg } from './words';

const INFO_FLAGS = new Set(['--version', '-v', '-V', '--help', '-h', 'version', 'help', '-version', '--versions']);

export function onlyInfo(args: readonly Arg[]): boolean {
  return args.length > 0 && args.every((a) => a.value !== null && INFO_FLAGS.has(a.value));
}

export function firstOperand(args: readonly Arg[], valueOpts: readonly string[] = []): { index: number; arg: Arg } | null {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return { index: i, arg: args[i]! };
    if (valueOpts.includes(v)) {
      i++;
      continue;
    }
    if (!v.startsWith('-')) return { index: i, arg: args[i]! };
  }
  return null;
}

/** package specs named on the command line (not options, not local paths that restore the project) */
export function packageSpecs(p: TableParse): Arg[] {
  return p.operands.filter((a) => !(a.value === '.' || a.value === './'));
}
