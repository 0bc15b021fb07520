/**
 * Human text for `stopline hooks validate`: one line per problem in the compiler style
 * editors understand (`file:line:col: level: message`), then a summary line.
 */
import type { Diagnostic, HooksConfig } from './types';

function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}${d.position ? ':' + d.position : ''}: ${d.level}: ${d.message}`;
}

interface ValidateSummary {
  text: string;
  errors: number;
  warnings: number;
  /** what `validate` should exit with: 1 on errors (or warnings when strict), else 0 */
  exitCode: 0 | 1;
}

export function formatDiagnostics(config: Pick<HooksConfig, 'diagnostics' | 'groups' | 'sources'>, opts: { strict?: boolean } = {}): ValidateSummary {
  const errors = config.diagnostics.filter((d) => d.level === 'error').length;
  const warnings = config.diagnostics.length - errors;
  const handlers = config.groups.reduce((n, g) => n + g.hooks.length, 0);
  const lines = config.diagnostics.map(formatDiagnostic);
  const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;
  lines.push(
    `${plural(config.sources.length, 'file')} read, ${plural(config.groups.length, 'hook group')} with ${plural(handlers, 'handler')}; ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`,
  );
  const failed = errors > 0 || (opts.strict === true && warnings > 0);
  return { text: lines.join('\n'), errors, warnings, exitCode: failed ? 1 : 0 };
}
