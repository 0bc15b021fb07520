/**
 * The preamble the shim test files share: the nine hooks the plugin registers, one Sandbox
 * per test removed after it, and a Python script that runs with the emulator holding the
 * loaded plugin as `host`.
 */
import path from 'node:path';
import { afterEach } from 'vitest';
import { HARNESS, Sandbox } from './helpers';

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
 * test is removed after it. Call once at module level (it registers an afterEach).
 */
export function sandboxesPerTest(): { sandbox(): Sandbox; keep(b: Sandbox): Sandbox } {
  let boxes: Sandbox[] = [];
  afterEach(() => {
    for (const b of boxes) b.cleanup();
    boxes = [];
  });
  const keep = (b: Sandbox) => {
    boxes.push(b);
    return b;
  };
  return { sandbox: () => keep(new Sandbox()), keep };
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
