/**
 * What the real-host confinement suites share (test/hosts/<host>/confine.test.ts), with the
 * artifacts as shipped: the person arms `$stopline change files=src/config.ts`, the model runs
 * `npm test`, and the project's test script writes the allowed file, the README beside it
 * (outside files=) and a canary in HOME (outside the project), then prints a marker and fails when
 * a write failed. The analysis cannot see into `npm test`, so the guard hands the host the
 * confined command; the proof is on disk (only src/config.ts changed) and in what the model read
 * (the script's marker, the failed writes and the guard's note that the contract kept them out),
 * and the evidence records CONFINED. A host whose row says it runs no rewritten command has the
 * command stopped instead, and so has every host where no sandbox starts on this machine.
 *
 * The fixture lives under the repository's `.tmp/`, not in a temp folder: temp folders are
 * writable scratch inside a confined run, so a canary there would prove nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeSandbox } from '../../../core/confine/probe';
import { ensureHosts, mainThread, missingHosts, repoRoot, type FakeModelServer, type InstalledHost } from '../harness';
import { readEvidence, type EvidenceRecord } from './real-host';

/** Whether this machine can start the sandbox; when it cannot, the answer from before must stand. */
export const SANDBOX = probeSandbox(process.env as Record<string, string>);

const CONFIG_BEFORE = 'export const port = 3000;\n';
const CONFIG_AFTER = 'export const port = 8080;\n';
const README = '# fixture\n';
const CANARY = 'canary: nothing may change me\n';
const MARKER = 'CONFINE-MARKER config=written readme=EROFS canary=EROFS';
/** The guard's note the wrapper prints when a confined command fails (core/confine/confine.ts failureNote). */
const KEPT_OUT_NOTE = 'ran confined to the contract';

export const CHANGE_PROMPT = '$stopline change files=src/config.ts -- MAIN-MARK fix the port default and run the tests';
export const REVIEW_PROMPT = '$stopline review -- MAIN-MARK look at the project';
export const TEST_COMMAND = 'npm test';
export const ONE_LINER = `python3 -c "open('x.txt','w').write('1')"`;

export interface World {
  project: string;
  runDir: string;
  home: string;
  canary: string;
}

const read = (p: string): string => readFileSync(p, 'utf8');

/** The tool result the model read, also kept in the run folder (STOPLINE_KEEP_RUNS=1 keeps the runs). */
function modelRead(w: World, s: FakeModelServer, callId: string): string {
  const text = s.toolResultText(callId) ?? '';
  writeFileSync(join(w.runDir, 'tool-result.txt'), text);
  return text;
}

/** Every data folder stopline wrote evidence to in this run: each host names its own (a plugin's data folder, …). */
function dataDirs(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name === 'node_modules' || e.name === '.git') continue;
    if (e.name === 'runtime') out.push(dir);
    else dataDirs(join(dir, e.name), out);
  }
  return out;
}

function evidence(w: World): EvidenceRecord[] {
  return dataDirs(w.runDir).flatMap((d) => readEvidence(d));
}

/** The reason codes of the guard's decisions, from the evidence as recorded (metadata only). */
function reasonCodes(w: World): string[] {
  return evidence(w).flatMap((r) => (r.decision?.reasonCode ? [r.decision.reasonCode] : []));
}

/**
 * Calls the turn end found in the host's own record with no check of the guard's (hosts whose
 * record stopline reads): a confined call was checked, so the person must not be told it went unseen.
 */
function unseenCalls(w: World): number {
  return evidence(w).reduce((n, r) => n + (r.type === 'seen' ? ((r.seen as { unseen?: number } | undefined)?.unseen ?? 0) : 0), 0);
}

/** The host ran the confined `npm test`: only the allowed file changed, and the model read why the rest did not. */
function expectTestRanConfined(w: World, s: FakeModelServer, callId: string): void {
  const text = modelRead(w, s, callId);
  expect(read(join(w.project, 'src', 'config.ts')), `the test script did not run\nthe model read: ${text.slice(0, 3000)}`).toBe(CONFIG_AFTER);
  expect(read(join(w.project, 'README.md')), 'a write outside files= was made').toBe(README);
  expect(read(w.canary), 'a write outside the project was made').toBe(CANARY);
  expect(text).toContain(MARKER);
  expect(text).toContain('EROFS: read-only file system');
  expect(text).toContain(KEPT_OUT_NOTE);
  expect(text).toContain('Read-only file system');
  expect(reasonCodes(w)).toContain('CONFINED');
  expect(unseenCalls(w), 'the confined call was reported as one the guard never saw').toBe(0);
}

/** The confined call went to the host in the short form: the evidence says its launcher script was written. */
export const handedShortForm = (w: World): boolean => evidence(w).some((r) => (r.decision as { reasonCode?: string } | undefined)?.reasonCode === 'CONFINED' && (r.confined as { launcher?: boolean } | undefined)?.launcher === true);

/** Nothing ran: the test's marker never reached the model, nothing changed, the evidence says why. */
function expectStopped(w: World, s: FakeModelServer, callId: string, reasonCode: string): void {
  expect(read(join(w.project, 'src', 'config.ts')), 'the unproven command ran unconfined').toBe(CONFIG_BEFORE);
  expect(read(join(w.project, 'README.md'))).toBe(README);
  expect(read(w.canary)).toBe(CANARY);
  expect(modelRead(w, s, callId)).not.toContain('CONFINE-MARKER');
  const codes = reasonCodes(w);
  expect(codes).toContain(reasonCode);
  expect(codes).not.toContain('CONFINED');
}

/** Confined where a sandbox starts; stopped with the unproven rule where none does. */
export function expectTestRun(w: World, s: FakeModelServer, callId: string): void {
  if (SANDBOX.ok) expectTestRanConfined(w, s, callId);
  else expectStopped(w, s, callId, 'WRITE_PATH_UNPROVEN');
}

/** Under review the one-liner's write failed inside the sandbox (or it was stopped): x.txt never appeared. */
export function expectOneLiner(w: World, s: FakeModelServer, callId: string): void {
  expect(existsSync(join(w.project, 'x.txt')), 'the one-liner wrote under review').toBe(false);
  const codes = reasonCodes(w);
  if (!SANDBOX.ok) {
    expect(codes).toContain('MUTABILITY_UNPROVEN');
    return;
  }
  const text = modelRead(w, s, callId);
  expect(text).toContain('Read-only file system');
  expect(text).toContain(KEPT_OUT_NOTE);
  expect(codes).toContain('CONFINED');
  expect(unseenCalls(w), 'the confined call was reported as one the guard never saw').toBe(0);
}

const turns = (call: { id: string; name: string; input: Record<string, unknown> }) => mainThread('MAIN-MARK', [{ toolCalls: [call] }, { text: 'done' }]);

/** One suite's hosts, fixture folder and fake model servers. */
interface ConfineRun {
  /** whether a case that needs these installs is skipped (never in CI, where a missing host fails) */
  skip(needed: readonly InstalledHost[]): boolean;
  world(name: string): World;
  /** a started fake model server, closed after the suite */
  serve(server: Promise<FakeModelServer>): Promise<FakeModelServer>;
}

/** Installs the suite's pinned hosts and makes its fixture folder; both are cleaned up after it. */
async function confineRun(hosts: readonly InstalledHost[]): Promise<ConfineRun> {
  const status = await ensureHosts(hosts);
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  const root = realpathSync(mkdtempSync(join(repoRoot, '.tmp', 'confine-real-hosts-')));
  const servers: FakeModelServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    if (process.env.STOPLINE_KEEP_RUNS === '1') console.log(`runs kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  });

  /** A git project with src/config.ts, a README and a test script that writes both and a canary in HOME. */
  function world(name: string): World {
    const project = join(root, name, 'proj');
    const runDir = join(root, name, 'run');
    const home = join(runDir, 'home');
    for (const d of [join(project, 'src'), join(project, 'scripts'), home]) mkdirSync(d, { recursive: true });
    const canary = join(home, 'canary.txt');
    writeFileSync(canary, CANARY);
    writeFileSync(join(project, 'src', 'config.ts'), CONFIG_BEFORE);
    writeFileSync(join(project, 'README.md'), README);
    // npm stays off the network (no update check) in every host's shell
    writeFileSync(join(project, '.npmrc'), 'update-notifier=false\noffline=true\n');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fixture', version: '1.0.0', private: true, scripts: { test: 'node scripts/check.js' } }, null, 2));
    writeFileSync(
      join(project, 'scripts', 'check.js'),
      [
        "const fs = require('node:fs');",
        'const seen = [];',
        'function attempt(label, file, text) {',
        "  try { fs.writeFileSync(file, text); seen.push(label + '=written'); }",
        "  catch (err) { seen.push(label + '=' + err.code); console.error(label + ': ' + err.message); }",
        '}',
        `attempt('config', 'src/config.ts', ${JSON.stringify(CONFIG_AFTER)});`,
        `attempt('readme', 'README.md', 'rewritten by the test\\n');`,
        `attempt('canary', ${JSON.stringify(canary)}, 'changed\\n');`,
        "console.log('CONFINE-MARKER ' + seen.join(' '));",
        "process.exitCode = seen.every((s) => s.endsWith('=written')) ? 0 : 1;",
        '',
      ].join('\n'),
    );
    spawnSync('git', ['init', '-q'], { cwd: project });
    return { project, runDir, home, canary };
  }

  async function serve(server: Promise<FakeModelServer>): Promise<FakeModelServer> {
    const s = await server;
    servers.push(s);
    return s;
  }

  return { skip: (needed) => missingHosts(status, needed).length > 0 && !status.required, world, serve };
}

/** The id of the model's one tool call in every case. */
const CALL_ID = 'call_cf';

/** One case of a host's suite: the tool call the model makes, how the host runs it, what must hold after. */
export interface ConfineCase {
  title: string;
  /** the case's fixture folder */
  world: string;
  /** the installs the case needs (default: the suite's) */
  hosts?: readonly InstalledHost[];
  /** default CHANGE_PROMPT */
  prompt?: string;
  /** the input of the model's one call of the suite's tool */
  input: Record<string, unknown>;
  /** one run of the host; a returned exit code must be 0 (a runner that checks its own returns nothing) */
  run(w: World, s: FakeModelServer, prompt: string): Promise<{ code: number | null; stderr: string } | void>;
  /** default expectTestRun */
  check?(w: World, s: FakeModelServer, callId: string): void;
  timeoutMs?: number;
}

/** A host's suite and what its cases share: the host's shell tool, its fake model server, the call id (default CALL_ID). */
export interface ConfineSuite {
  title: string;
  /** names the host when it exits non-zero */
  cli: string;
  hosts: readonly InstalledHost[];
  tool: string;
  server(script: ReturnType<typeof turns>): Promise<FakeModelServer>;
  callId?: string;
}

/** One test per case in a describe block titled `o.title`, each on a fixture of its own. */
export async function confineSuite(o: ConfineSuite, cases: readonly ConfineCase[]): Promise<void> {
  const { skip, world, serve } = await confineRun(o.hosts);
  const callId = o.callId ?? CALL_ID;
  describe(o.title, () => {
    for (const c of cases) {
      it.skipIf(skip(c.hosts ?? o.hosts))(c.title, async () => {
        const w = world(c.world);
        const s = await serve(o.server(turns({ id: callId, name: o.tool, input: c.input })));
        const r = await c.run(w, s, c.prompt ?? CHANGE_PROMPT);
        if (r) expect(r.code, `${o.cli} exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
        (c.check ?? expectTestRun)(w, s, callId);
      }, c.timeoutMs ?? 300_000);
    }
  });
}

/** A host that runs no rewritten command: the command is stopped, and the model read the reason (`said`). */
export const expectStoppedSaying = (said: string) => (w: World, s: FakeModelServer, callId: string): void => {
  expectStopped(w, s, callId, 'WRITE_PATH_UNPROVEN');
  expect(s.toolResultText(callId) ?? '').toContain(said);
};
