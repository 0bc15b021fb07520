/**
 * `stopline hooks validate`: load every hook config the way a host would (stopline.json, user
 * then project, and the host files it imports) and report each problem in the compiler style
 * editors understand (core/hooks/diagnostics.ts). No hook runs. Exit 1 on an error, and on a
 * warning with --strict.
 *
 * No dialect is skipped here: a host artifact skips its own dialect because the host runs
 * those hooks itself, but a problem in them is still a problem.
 */
import { resolve } from 'node:path';
import { formatDiagnostics, loadHooksConfigFromSystem } from '../../core/hooks';
import type { ParsedArgs } from './args';
import type { CliIO } from './command-spec';
import { printJson, usageError } from './output';
import { styleFor } from './style';

export async function runHooksValidate(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 0) return usageError(io, 'hooks validate', `unexpected argument "${args.positionals[0]}"`);
  const project = typeof args.options.project === 'string' ? resolve(io.cwd, args.options.project) : io.cwd;
  const env = { ...io.env };
  const config = loadHooksConfigFromSystem(project, { env });
  const summary = formatDiagnostics(config, { strict: args.options.strict === true });
  if (args.options.json === true) {
    printJson(io, {
      project,
      sources: config.sources,
      groups: config.groups.map((g) => ({
        event: g.event,
        spelling: g.spelling,
        dialect: g.dialect,
        source: g.source,
        matcher: g.matcher.source ?? null,
        handlers: g.hooks.map((h) => ({ id: h.id, type: h.type, timeoutMs: h.timeoutMs, onError: h.onError })),
      })),
      diagnostics: config.diagnostics,
      errors: summary.errors,
      warnings: summary.warnings,
      ok: summary.exitCode === 0,
    });
    return summary.exitCode;
  }
  const out = styleFor(io.stdout, io.env);
  const lines = summary.text.split('\n');
  const last = lines.pop() ?? '';
  for (const l of lines) io.stdout.write(`${/: error: /.test(l) ? out.red(l) : out.yellow(l)}\n`);
  io.stdout.write(`${last}\n`);
  if (config.sources.length === 0) io.stdout.write(out.dim(`No hook config found (looked for stopline.json for the user and in ${project}).\n`));
  return summary.exitCode;
}
