/**
 * One path-form case on a real host: the model writes each spelling of a path in turn under a
 * directive, then the suite checks which writes ran and where their content landed, which were
 * stopped and with what code, and that no stopped write left anything behind. Shared by the
 * path-form suites of Claude, Codex, OpenCode and Pi (each brings its own write call and launch).
 */
import { expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import type { FakeModelServer } from '../harness';
import type { ScriptedTurn } from '../harness/script';
import type { RealHostCase, RealHostRuns } from './real-host';

export interface PathFormHost {
  runs: RealHostRuns;
  /** the model's turn that writes `${id}\n` to `path` with the host's own write tool */
  write(id: string, path: string): ScriptedTurn;
  /** run the host on the case with this prompt (and check it exited cleanly) */
  launch(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void>;
  expectRan(s: FakeModelServer, id: string): void;
  expectStopped(s: FakeModelServer, id: string, reason: string): void;
}

export interface PathFormSpec {
  prompt: string;
  /** turns the model takes before the writes: a read the host demands before it overwrites a file, a patch of another shape */
  before?: ScriptedTurn[];
  /** [call id, path as the model spells it], in the order the model writes them */
  writes: [string, string][];
  /** call id -> where its content must be (each of these ran) */
  landed?: Record<string, string>;
  /** call ids that ran whose outcome `check` reads itself */
  ran?: string[];
  /** reason code -> the call ids stopped with it */
  stopped?: Record<string, string[]>;
  /** paths that must not exist afterwards */
  absent?: string[];
  /** what else the run must show (a link still a link, a file left as it was, the host's own answer) */
  check?(s: FakeModelServer): void;
}

/**
 * Run one case (`name` names its folder; a list nests them, e.g. the Pi version, then the case) and
 * check everything the spec says. `spec` runs before the host starts, so it may lay out the case's
 * folders first (symbolic links, files to overwrite).
 */
export async function pathFormCase(host: PathFormHost, name: string | string[], spec: (c: RealHostCase) => PathFormSpec): Promise<void> {
  const c = host.runs.newCase(...[name].flat());
  const want = spec(c);
  const turns = [...(want.before ?? []), ...want.writes.map(([id, path]) => host.write(id, path)), { text: 'done' }];
  const s = await host.runs.server({ threads: [{ name: 'main', turns }] });
  await host.launch(c, s, want.prompt);
  for (const id of [...Object.keys(want.landed ?? {}), ...(want.ran ?? [])]) host.expectRan(s, id);
  for (const [id, path] of Object.entries(want.landed ?? {})) expect(readFileSync(path, 'utf8')).toBe(`${id}\n`);
  for (const [reason, ids] of Object.entries(want.stopped ?? {})) for (const id of ids) host.expectStopped(s, id, reason);
  for (const p of want.absent ?? []) expect(existsSync(p), p).toBe(false);
  want.check?.(s);
}
