/**
 * The preamble the Hermes test files share: the nine hooks the plugin registers, the sandboxes
 * and emulated Hermes processes of a test removed after it, and a Python script that runs with
 * the emulator holding the loaded plugin as `host`.
 */
import path from 'node:path';
import { afterEach } from 'vitest';
import { DOUBLE, HARNESS, Sandbox, Served, type ChildChoice } from './helpers';

/** The Hermes hooks the stopline plugin registers, in the order its manifest lists them. */
export const STOPLINE_HOOKS = [
  'pre_llm_call',
  'pre_tool_call',
  'post_tool_call',
  'on_session_start',
  'on_session_end',
  'on_session_finalize',
  'subagent_start',
  'subagent_stop',
  'pre_verify',
] as const;

/**
 * A Sandbox factory for one test file: every sandbox made (or `keep`-registered) during a
 * test is removed after it, and every emulated Hermes started with `serve` is closed first.
 * `child` is the evaluator behind the shim (the test double unless a file names the bundle).
 * Call once at module level (it registers an afterEach).
 */
export function sandboxesPerTest(child: ChildChoice = DOUBLE): {
  sandbox(of?: ChildChoice): Sandbox;
  keep(b: Sandbox): Sandbox;
  serve(b: Sandbox, opts?: ConstructorParameters<typeof Served>[1]): Served;
} {
  let boxes: Sandbox[] = [];
  let served: Served[] = [];
  afterEach(async () => {
    for (const s of served) await s.close();
    served = [];
    for (const b of boxes) b.cleanup();
    boxes = [];
  });
  const keep = (b: Sandbox) => {
    boxes.push(b);
    return b;
  };
  const serve = (b: Sandbox, opts: ConstructorParameters<typeof Served>[1] = {}) => {
    const s = new Served(b, opts);
    served.push(s);
    return s;
  };
  return { sandbox: (of = child) => keep(new Sandbox(of)), keep, serve };
}

/**
 * Python source that loads the sandbox's plugin into the Hermes emulator as `host`, then runs
 * `body`. `head` comes first (the imports the body needs, anything to set before loading).
 */
export function withLoadedHost(b: Sandbox, body: string, head = 'import json, sys'): string {
  return `${head}
sys.path.insert(0, ${JSON.stringify(path.dirname(HARNESS))})
import harness
from pathlib import Path
host = harness.Host()
host.load(Path(${JSON.stringify(b.pluginsRoot)}), harness.read_gate(None))
${body}`;
}
