/**
 * Entry of dist/stopline.mjs. Runs unchanged under node, bun and deno; sets
 * process.exitCode instead of calling process.exit() so piped stdout is flushed first.
 */
import { runCli } from './cli';

runCli(process.argv.slice(2), {
  // a getter: creating process.stdin costs start-up time, and most commands never read it
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`stopline: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
