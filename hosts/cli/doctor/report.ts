/**
 * What doctor reports: one line per check, pass / warn / fail / skip, with the command that
 * fixes a failure. `fail` is what makes `stopline doctor` exit 1; `warn` is something the
 * person should know that does not stop enforcement by itself.
 */
import type { Style } from '../style';

type Status = 'pass' | 'warn' | 'fail' | 'skip';

export interface Check {
  /** short stable name: host, artifact, registered, would-run, runtime, enforcement, install */
  id: string;
  status: Status;
  /** what was found, one line */
  detail: string;
  /** the command (or the one edit) that fixes it */
  fix?: string;
}

export interface HostReport {
  host: string;
  /** `user`, `project <dir>`, or '' when the host is not installed */
  scope: string;
  checks: Check[];
}

/** The `host` of the data-folder reports (data.ts). */
export const DATA_REPORT = 'data';

export function check(id: string, status: Status, detail: string, fix?: string): Check {
  return fix ? { id, status, detail, fix } : { id, status, detail };
}

const TAG: Readonly<Record<Status, string>> = { pass: 'ok  ', warn: 'warn', fail: 'FAIL', skip: 'skip' };

export function renderReports(reports: readonly HostReport[], style: Style): string {
  const paint = (s: Status, text: string): string => (s === 'pass' ? style.green(text) : s === 'fail' ? style.red(text) : s === 'warn' ? style.yellow(text) : style.dim(text));
  const width = Math.max(0, ...reports.flatMap((r) => r.checks.map((c) => c.id.length)));
  const lines: string[] = [];
  for (const r of reports) {
    lines.push(style.bold(`${r.host}${r.scope ? ` (${r.scope})` : ''}`));
    for (const c of r.checks) {
      lines.push(`  ${paint(c.status, `[${TAG[c.status]}]`)} ${c.id.padEnd(width)}  ${c.detail}${c.fix && c.status !== 'pass' ? `\n  ${' '.repeat(7 + width)}  fix: ${c.fix}` : ''}`);
    }
  }
  const all = reports.flatMap((r) => r.checks);
  const count = (s: Status) => all.filter((c) => c.status === s).length;
  const fails = count('fail');
  // damaged data files are worth a red line, but they do not mean a host goes unguarded
  const onlyData = reports.every((r) => r.host === DATA_REPORT || r.checks.every((c) => c.status !== 'fail'));
  const meaning = onlyData ? 'damaged files in the data folder (the fixes are above)' : 'stopline is not enforcing everywhere it should';
  lines.push(
    fails > 0
      ? style.red(`${fails} check${fails === 1 ? '' : 's'} failed, ${count('warn')} warning${count('warn') === 1 ? '' : 's'}: ${meaning}`)
      : style.green(`all checks passed${count('warn') ? ` (${count('warn')} warning${count('warn') === 1 ? '' : 's'})` : ''}`),
  );
  return lines.join('\n') + '\n';
}

export function anyFailed(reports: readonly HostReport[]): boolean {
  return reports.some((r) => r.checks.some((c) => c.status === 'fail'));
}
