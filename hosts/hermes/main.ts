/**
 * stopline for Hermes Agent (dist/hermes/stopline/stopline.mjs), next to the plugin's Python shim.
 *
 *   stopline.mjs listen   the resident evaluator the shim starts once per Hermes process: one JSON
 *                         line per hook call on stdin, one answer line on stdout, until `bye`, EOF
 *                         or the end of the Hermes process that started it (owner.ts)
 *   stopline.mjs          one Hermes shell-hook call (`hooks:` in config.yaml): JSON on stdin, the
 *                         hook's answer as JSON on stdout (nothing when it has no opinion)
 *
 * Runs unchanged under node, bun and deno (node built-ins only). stdout carries nothing but
 * answers; everything else goes to stderr. It uses the global `process`: importing node:process
 * makes Node build an ESM facade that creates the stdio streams on every start.
 */
import { listen } from '../../core/hooks/listen';
import { runHookProcess } from '../shared/process';
import { hermesListenHandler, shellHookDoor } from './doors';
import { watchOwner } from './owner';

function log(text: string): void {
  try {
    process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  } catch {
    // a closed stderr must not stop the evaluator
  }
}

async function serve(): Promise<void> {
  // Hermes gone (however it ended) = nobody left to answer: end even if stdin is still held open
  watchOwner(process.env, () => process.exit(0));
  const handler = hermesListenHandler({ env: process.env, cwd: process.cwd(), log });
  await listen({ input: process.stdin, output: process.stdout, handler, log, endOutput: false });
  // bye or end of input: leave once the last answer is written, even if a runtime keeps a handle open
  await new Promise<void>((done) => {
    const timer = setTimeout(done, 1000);
    try {
      process.stdout.write('', () => {
        clearTimeout(timer);
        done();
      });
    } catch {
      clearTimeout(timer);
      done();
    }
  });
  process.exit(0);
}

const args = process.argv.slice(2);
if (args[0] === 'listen') {
  void serve();
} else if (args.length === 0) {
  void runHookProcess(shellHookDoor);
} else {
  log(`stopline (hermes): unknown argument "${args[0]}"; run it with "listen" (the plugin does) or with no argument as a Hermes shell hook`);
  process.exit(2);
}
