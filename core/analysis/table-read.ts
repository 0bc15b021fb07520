/** The verdict of a table parse, for the programs of read-tables.ts and the read forms of others. */
import type { ReadTable } from './read-tables';
import { has, parseTable, type TableParse } from './table';
import { read, unknown, write, type Leaf } from './verdict';
import type { Arg } from './words';

/** A table parse that is not a plain read: the first unknown, exec or write reason as a leaf. */
export function tableProblem(p: TableParse): Leaf | null {
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  if (p.writes.length) return write(p.writes[0]!, undefined, { writesContent: true });
  if (p.targets.length) return write('writes its output file', p.targets, { writesContent: true });
  return null;
}

/** A program from read-tables.ts: read when every option is a read and no operand is written. */
export function tableRead(name: string, t: ReadTable, args: readonly Arg[]): Leaf {
  const p = parseTable(args, t, name);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  const targets = [...p.targets];
  const second = t.secondOperandWritten || (t.secondOperandWrittenWith !== undefined && has(p, ...t.secondOperandWrittenWith));
  if (second && p.operands.length >= 2) targets.push(p.operands[1]!);
  // a `!W` option writes files named elsewhere (lz4 -m: one beside each input): never proven
  if (p.writes.length) return write(p.writes[0]!, undefined, { writesContent: true });
  if (targets.length) return write(`${name} writes its output file`, targets, { writesContent: true });
  if (t.operandsMustMatch && !(t.operandsFreeWith && has(p, ...t.operandsFreeWith))) {
    const bad = p.operands.find((o) => o.value === null || !t.operandsMustMatch!.test(o.value));
    if (bad) return unknown(`${t.operandEffect ?? `${name}: an operand this guard cannot prove read-only`} (${bad.text})`);
  }
  if (t.readOnlyWith) {
    const files = p.operands.filter((o) => o.value !== '-');
    if (!has(p, ...t.readOnlyWith) && !(t.orWithoutOperands && files.length === 0)) {
      const why = t.defaultWrites ?? `${name} writes by default`;
      return t.defaultIsUnknown ? unknown(why) : write(why, undefined, { writesContent: true });
    }
  }
  return read(`${name} only reads or prints`);
}
