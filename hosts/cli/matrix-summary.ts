/**
 * The short "what is enforced where" table of README.md, from the same data as the full
 * support matrix (buildMatrix over core/registry): per host, which tools are stopped before
 * they run, which shell tool's command is parsed, where the person's directive is read, and
 * which tools count against agents=N. test/build/readme.test.ts keeps README.md equal to it.
 */
import type { ToolKind } from '../../core/registry/types';
import { buildMatrix, type Matrix } from './matrix';

const FILE_TOOLS: readonly ToolKind[] = ['write', 'multi-edit', 'notebook-edit', 'apply-patch', 'v4a-patch'];
const SHELL_TOOLS: readonly ToolKind[] = ['shell', 'powershell'];
const AGENT_TOOLS: readonly ToolKind[] = ['delegate', 'delegate-batch', 'delegate-unbounded', 'task-continuation'];

function toolsOf(m: Matrix, family: Matrix['hosts'][number]['family'], kinds: readonly ToolKind[]): string {
  const names = m.toolClasses.filter((c) => kinds.includes(c.kind)).flatMap((c) => c.cells[family].tools);
  return names.length === 0 ? '—' : names.map((n) => `\`${n}\``).join(', ');
}

/**
 * @keep readmeSummaryTable the README's support summary: the test holds the README equal to it and writes it
 *   on request
 */
export function readmeSummaryTable(m: Matrix = buildMatrix()): string {
  const rows = m.hosts.map((h) => {
    const prompt = m.events.find((e) => e.canonical === 'prompt:submit')?.cells[h.family].natives.map((n) => `\`${n.name}\``).join(', ') || '—';
    return `| ${h.name} ${h.verifiedVersion} | ${toolsOf(m, h.family, FILE_TOOLS)} | ${toolsOf(m, h.family, SHELL_TOOLS)} | ${prompt} | ${toolsOf(m, h.family, AGENT_TOOLS)} |`;
  });
  return [
    '| host (verified on) | file changes checked before they run | shell commands parsed and checked | the directive is read from | counted against `agents=N` |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
