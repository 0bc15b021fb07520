/**
 * The seven end-to-end scenarios (and the person's own hooks) for a host whose model calls
 * create/edit/shell/subagent tools by name, as one suite: each host's file supplies its tool
 * calls, how it runs the real CLI, how a stop reads to its model, and the few words in the titles
 * that are its own. Each scenario asserts the file system and what the model received.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModelScript, FakeModelServer } from '../harness';
import type { ScriptedToolCall } from '../harness/script';
import { fakeNpmEnv, readEvidence, requestText, seedBrokenDataFolder, seedUserHooks, stoplineDataDir, type RealHostCase, type RealHostRuns } from './real-host';

// a call's input may be text (Codex's apply_patch) or read from earlier results (wait_agent's targets)
type ToolCall = ScriptedToolCall & { id: string };

export interface ScenarioHost {
  runs: RealHostRuns;
  /** the model's tool calls on this host */
  tools: {
    create(id: string, path: string): ToolCall;
    edit(id: string, path: string, oldStr: string, newStr: string): ToolCall;
    shell(id: string, command: string): ToolCall;
    task(id: string, prompt: string): ToolCall;
  };
  /** the tool names as the titles show them, e.g. `create, edit` */
  toolWords: { create: string; edit: string; task: string };
  /** run the real CLI with this prompt (it must exit 0) */
  run(c: RealHostCase, s: FakeModelServer, prompt: string, env?: Record<string, string | undefined>): Promise<unknown>;
  /** more ways to run scenario 1, each named in its title (e.g. two ways the hook file is installed) */
  reviewVariants?: { label: string; run(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<unknown> }[];
  expectStopped(s: FakeModelServer, callId: string, reason: string): void;
  expectRan(s: FakeModelServer, callId: string): void;
  /**
   * Set when the host is known not to put the guard's context into the model's request (why, in
   * a few words): the context scenarios then assert it is absent, so the suite fails the day the
   * host starts delivering it and this note is due a look. Every stop is still asserted.
   */
  contextGap?: string;
  /**
   * The host offers the model no sub-agent tool in the runs the suite makes: scenario 4 then
   * asserts that the host itself refuses the call (`refusal`, its own text) and no child starts,
   * so a host version that gains the tool fails here instead of passing unproven.
   */
  noSubagents?: { why: string; refusal: string | RegExp };
  /** the host's own words in titles (a command-hook host's failOpen and promptEvent by default) */
  words: { cannotAsk: string; childCall: string; failClosed: string; failOpen?: string; promptEvent?: string };
  /** the canonical tools the evidence names for the create, edit and shell calls (default Write, Edit, Bash) */
  evidenceTools?: readonly [string, string, string];
  /**
   * What the host cannot do, each with why; the scenario that needs it asserts what the person
   * gets there instead:
   * - noContext: no channel carries hook context to the model before its first request (none at
   *   all, or no event before that request, as on Mistral Vibe), so the contract reaches it only
   *   in a stop's reason (scenario 7), and the person's hooks' context never arrives (8);
   * - unseenChildren: a subagent's own calls fire no hook, so the subagent call itself is decided
   *   as one subagent whose effects are unknown (scenario 4);
   * - stopEndsRun: a stopped create/edit ends the whole run (a cancel), so scenario 1 runs its
   *   shell calls first and asserts nothing after the stopped create reached the model, and the
   *   stop of scenario 7 is a shell call's;
   * - noUserHooks: the artifact runs no stopline.json hooks on this host (scenario 8 is left out).
   */
  limits?: { noContext?: string; unseenChildren?: string; stopEndsRun?: string; noUserHooks?: string };
  /**
   * The model's read of a file: scenarios 1, 2 and 5 then read a.txt before editing it (a host
   * may refuse to edit a file the session has not read) and assert the read ran and showed
   * `alpha` (scenario 5's evidence then has a Read check after the Write); with `contextOnce` or
   * `contextLate`, scenario 7 reads it too.
   */
  read?(id: string, path: string): ToolCall;
  /** A marker the fake server picks the main thread by (the host makes side requests of its own): it goes into every prompt and the main thread's match. */
  mainMark?: string;
  /** The call a sub-agent makes to hand back its answer (Gemini's complete_task), put before every child thread's closing text. */
  childEnd?(id: string): ToolCall;
  /** A call the main thread makes after its sub-agent calls, to wait for the children (Codex's wait_agent). */
  awaitChildren?(id: string): ToolCall;
  /** How scenario 4 runs the CLI when it needs more than `run` (Codex offers spawn_agent only with a model outside its catalog). */
  runSubagents?(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<unknown>;
  /** Where the evidence is when the host names stopline's data folder (default: the XDG folder in HOME). */
  dataDir?(c: RealHostCase): string;
  /**
   * How scenario 3 runs the host when its usual run would put a command to a person who is not
   * there (e.g. an approval prompt that waits for a terminal); default `run`.
   */
  runForDeps?(c: RealHostCase, s: FakeModelServer, prompt: string, env?: Record<string, string | undefined>): Promise<unknown>;
  /** What the stop of scenario 3's ask case tells the model besides its code. */
  cannotAskSays?: string;
  /** How scenario 6 makes the data folder unusable (default 'self-link'; see seedBrokenDataFolder). */
  brokenDataFolder?: 'self-link' | 'file';
  /** What the stop of scenario 6's fail closed tells the model besides its code (e.g. why the data folder is unusable). */
  failClosedSays?: string;
  /** The line the host's stderr shows the person when scenario 6 fails open (`run` must return `{ stderr }`). */
  failOpenLine?: RegExp;
  /** The host's words in front of hook context in the model's request (e.g. `UserPromptSubmit hook additional context: `); the context scenarios assert them too. */
  contextLabel?: { prompt: string; subagent: string };
  /** Scenario 7 asserts the contract is in the first request once (not twice from two events); with `read`, the request after the read still holds one copy. */
  contextOnce?: boolean;
  /** More of the contract that scenario 7's context names, e.g. `files=a.txt`. */
  contextAlso?: string[];
  /**
   * Set when the host's context may reach the model only from the request after the first tool
   * call (why, in a few words): scenario 7 starts with a read, and the context scenarios look at
   * the request that carries the first call's result.
   */
  contextLate?: string;
  /** What the person sees on stderr when the directive sets the contract (scenario 7 asserts it; `run` must return `{ stderr }`). */
  promptNotice?: string;
  /** Set when the host's sub-agent never gets hook context (why): scenario 4 asserts the child's first request has no contract, while scenario 7 and 8 still assert the main thread's. */
  childContextGap?: string;
  /** In scenario 4: `reply`, a child answers in one request and its SUB-DONE reaches the parent as the task's result (so the stopped second task started no child: exactly one child request); `taskRunsInReview`, review lets the delegation itself run. */
  subagentChecks?: { reply?: boolean; taskRunsInReview?: boolean };
  /** The host records what each call that ran did (an `after` record): scenario 5 asserts one per check. */
  afterRecords?: boolean;
  /** Scenario 4's sub-agent creates child.txt with the create tool instead of running `touch child.txt`. */
  childWrites?: boolean;
  /**
   * Set when the host runs a sub-agent in the background and a headless run ends before the
   * child's own calls (why): scenario 4 keeps its budget case and leaves out the child's write.
   */
  backgroundChildren?: string;
}

type Thread = FakeModelScript['threads'][number];

/** The host with its main-thread marker in every prompt and main thread, and its sub-agent's closing call in every child thread. */
function marked(h: ScenarioHost): ScenarioHost {
  const { mainMark, childEnd } = h;
  if (!mainMark && !childEnd) return h;
  const prompt = (p: string) => (!mainMark ? p : p.includes(' -- ') ? p.replace(' -- ', ` -- ${mainMark} `) : `${mainMark} ${p}`);
  const thread = (t: Thread): Thread => {
    if (t.name === 'main' && mainMark) return { ...t, match: mainMark };
    if (t.name === 'child' && childEnd) return { ...t, turns: [...t.turns.slice(0, -1), { toolCalls: [childEnd(`call_${t.name}_done`)] }, ...t.turns.slice(-1)] };
    return t;
  };
  const inner = h.runs;
  const runs: RealHostRuns = {
    get timingFile() {
      return inner.timingFile;
    },
    newCase: (...names) => inner.newCase(...names),
    server: (script) => inner.server({ ...script, threads: script.threads.map(thread) }),
  };
  const runSubagents = h.runSubagents;
  return {
    ...h,
    runs,
    run: (c, s, p, env) => h.run(c, s, prompt(p), env),
    ...(h.reviewVariants ? { reviewVariants: h.reviewVariants.map((v) => ({ ...v, run: (c: RealHostCase, s: FakeModelServer, p: string) => v.run(c, s, prompt(p)) })) } : {}),
    ...(runSubagents ? { runSubagents: (c: RealHostCase, s: FakeModelServer, p: string) => runSubagents(c, s, prompt(p)) } : {}),
  };
}

export function sevenScenarios(h: ScenarioHost): void {
  h = marked(h);
  const { runs, tools, expectStopped, expectRan } = h;
  /** The guard's context in a request: present, or (on a host with a known gap) absent. */
  const expectContext = (text: string, marker: string) => (h.contextGap || h.limits?.noContext ? expect(text).not.toContain(marker) : expect(text).toContain(marker));
  const gap = h.contextGap ? ` (not in the request: ${h.contextGap})` : '';
  const { create, edit, shell, task } = tools;
  const w = h.toolWords;

  type Turn = FakeModelScript['threads'][number]['turns'][number];
  /** The model reads a.txt (none when the host gives no read). */
  const readA = (c: RealHostCase): Turn[] => (h.read ? [{ toolCalls: [h.read('call_read', join(c.project, 'a.txt'))] }] : []);
  const expectReadRan = (s: FakeModelServer) => {
    if (!h.read) return;
    expectRan(s, 'call_read');
    expect(s.toolResultText('call_read')).toContain('alpha');
  };
  /** `three` (create, edit, shell) with the read's entry put after the create when the host reads. */
  const withRead = <T,>(three: readonly T[], read: T): T[] => (h.read ? [three[0]!, read, ...three.slice(1)] : [...three]);
  const afterTasks: Turn[] = h.awaitChildren ? [{ toolCalls: [h.awaitChildren('call_wait')] }] : [];
  const runSubagents = h.runSubagents ?? ((c: RealHostCase, s: FakeModelServer, prompt: string) => h.run(c, s, prompt));
  const runForDeps = h.runForDeps ?? h.run;
  /** The model creates new.txt, replaces alpha with beta in a.txt, runs `touch x`, then `more`. */
  const createEditTouch = (c: RealHostCase, more: Turn[]): FakeModelScript => ({
    threads: [
      {
        name: 'main',
        turns: [
          { toolCalls: [create('call_create', join(c.project, 'new.txt'))] },
          ...readA(c),
          { toolCalls: [edit('call_edit', join(c.project, 'a.txt'), 'alpha', 'beta')] },
          { toolCalls: [shell('call_touch', 'touch x')] },
          ...more,
        ],
      },
    ],
  });

  const variants = h.reviewVariants ?? [{ label: '', run: (c: RealHostCase, s: FakeModelServer, prompt: string) => h.run(c, s, prompt) }];
  if (h.limits?.stopEndsRun) {
    it(`1. review: \`touch x\` is stopped and cat runs, then ${w.create} is stopped with MODE_FORBIDS_MUTATION and the run ends before ${w.edit}`, async () => {
      const c = runs.newCase('s1');
      const s = await runs.server({
        threads: [
          {
            name: 'main',
            turns: [
              { toolCalls: [shell('call_touch', 'touch x')] },
              { toolCalls: [shell('call_cat', 'cat a.txt')] },
              { toolCalls: [create('call_create', join(c.project, 'new.txt'))] },
              { toolCalls: [edit('call_edit', join(c.project, 'a.txt'), 'alpha', 'beta')] },
              { text: 'review finished' },
            ],
          },
        ],
      });
      await h.run(c, s, '$stopline review -- look at a.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
      expect(existsSync(join(c.project, 'x'))).toBe(false);
      expectStopped(s, 'call_touch', 'MODE_FORBIDS_MUTATION');
      expectRan(s, 'call_cat');
      expect(s.toolResultText('call_cat')).toContain('alpha');
      expectStopped(s, 'call_create', 'MODE_FORBIDS_MUTATION');
      expect(s.toolResult('call_edit')).toBeUndefined();
    });
  }
  for (const v of h.limits?.stopEndsRun ? [] : variants) {
    it(`1. review${v.label ? ` (${v.label})` : ''}: ${w.create}, ${w.edit} and \`touch x\` are stopped with MODE_FORBIDS_MUTATION; cat runs`, async () => {
      const c = runs.newCase(`s1${v.label ? `-${v.label}` : ''}`);
      const s = await runs.server(createEditTouch(c, [{ toolCalls: [shell('call_cat', 'cat a.txt')] }, { text: 'review finished' }]));
      await v.run(c, s, '$stopline review -- look at a.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
      expect(existsSync(join(c.project, 'x'))).toBe(false);
      for (const id of ['call_create', 'call_edit', 'call_touch']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
      expectRan(s, 'call_cat');
      expect(s.toolResultText('call_cat')).toContain('alpha');
      expectReadRan(s);
    });
  }

  it('2. change files=a.txt: editing a.txt succeeds, creating b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
    const c = runs.newCase('s2');
    const s = await runs.server({
      threads: [{ name: 'main', turns: [...readA(c), { toolCalls: [edit('call_a', join(c.project, 'a.txt'), 'alpha', 'changed')] }, { toolCalls: [create('call_b', join(c.project, 'b.txt'))] }, { text: 'done' }] }],
    });
    await h.run(c, s, '$stopline change files=a.txt -- update a.txt');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expectRan(s, 'call_a');
    expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
  });

  describe('3. dependencies', () => {
    const script = (): FakeModelScript => ({ threads: [{ name: 'main', turns: [{ toolCalls: [shell('call_npm', 'npm install left-pad')] }, { text: 'done' }] }] });

    it(`change (deps default ask; ${h.words.cannotAsk}): \`npm install left-pad\` is stopped with DEPENDENCY_NOT_AUTHORIZED`, async () => {
      const c = runs.newCase('s3-ask');
      const s = await runs.server(script());
      await runForDeps(c, s, '$stopline change -- add left-pad', fakeNpmEnv(c.runDir, c.home));
      expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
      expectStopped(s, 'call_npm', 'DEPENDENCY_NOT_AUTHORIZED');
      if (h.cannotAskSays) expect(s.toolResultText('call_npm')).toContain(h.cannotAskSays);
    });

    it('change deps=allow: the same command reaches the shell', async () => {
      const c = runs.newCase('s3-allow');
      const s = await runs.server(script());
      await runForDeps(c, s, '$stopline change deps=allow -- add left-pad', fakeNpmEnv(c.runDir, c.home));
      expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
      expectRan(s, 'call_npm');
      expect(s.toolResultText('call_npm')).toContain('fake npm: install left-pad');
    });
  });

  if (h.noSubagents) {
    const none = h.noSubagents;
    it(`4. sub-agents: ${none.why}; the host refuses ${w.task} itself and no child starts`, async () => {
      const c = runs.newCase('s4-none');
      const s = await runs.server({
        threads: [
          { name: 'child', match: 'CHILD-MARK', turns: [{ toolCalls: [shell('call_child_touch', 'touch child.txt')] }, { text: 'SUB-DONE' }] },
          { name: 'main', turns: [{ toolCalls: [task('call_task', 'CHILD-MARK create child.txt')] }, { text: 'done' }] },
        ],
      });
      await h.run(c, s, '$stopline review -- inspect the project');
      const text = s.toolResultText('call_task') ?? '';
      if (typeof none.refusal === 'string') expect(text).toContain(none.refusal);
      else expect(text).toMatch(none.refusal);
      expect(s.requests.filter((r) => r.thread === 'child')).toEqual([]);
      expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
    });
  } else if (h.limits?.unseenChildren) {
    describe(`4. sub-agents (${w.task}; ${h.limits.unseenChildren})`, () => {
      it(`an open change with agents=1: the first ${w.task} runs, the second is stopped with AGENT_BUDGET_EXHAUSTED`, async () => {
        const c = runs.newCase('s4-budget');
        const s = await runs.server({
          threads: [
            { name: 'child', match: 'SUBTASK-MARK', turns: [{ text: 'SUB-DONE' }] },
            { name: 'main', turns: [{ toolCalls: [task('call_task1', 'SUBTASK-MARK reply briefly')] }, { toolCalls: [task('call_task2', 'SUBTASK-MARK again')] }, { text: 'done' }] },
          ],
        });
        await h.run(c, s, '$stopline change deps=allow hash=allow agents=1 -- delegate the work');
        expectRan(s, 'call_task1');
        expectStopped(s, 'call_task2', 'AGENT_BUDGET_EXHAUSTED');
        expect(s.requests.filter((r) => r.thread === 'child').length).toBeGreaterThanOrEqual(1);
      });

      it(`review: the ${w.task} call is stopped with MUTABILITY_UNPROVEN, so its \`touch\` never runs`, async () => {
        const c = runs.newCase('s4-child');
        const s = await runs.server({
          threads: [
            { name: 'child', match: 'CHILD-MARK', turns: [{ toolCalls: [shell('call_child_touch', 'touch child.txt')] }, { text: 'SUB-DONE' }] },
            { name: 'main', turns: [{ toolCalls: [task('call_task', 'CHILD-MARK create child.txt')] }, { text: 'done' }] },
          ],
        });
        await h.run(c, s, '$stopline review -- inspect the project');
        expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
        expectStopped(s, 'call_task', 'MUTABILITY_UNPROVEN');
        expect(s.requests.filter((r) => r.thread === 'child')).toEqual([]);
      });
    });
  } else {
    describe(`4. sub-agents (${w.task}${h.backgroundChildren ? `; ${h.backgroundChildren}` : ''})`, () => {
      it(`agents=1: the first ${w.task} runs, the second is stopped with AGENT_BUDGET_EXHAUSTED`, async () => {
        const c = runs.newCase('s4-budget');
        const s = await runs.server({
          threads: [
            { name: 'child', match: 'SUBTASK-MARK', turns: [{ text: 'SUB-DONE' }] },
            { name: 'main', turns: [{ toolCalls: [task('call_task1', 'SUBTASK-MARK reply briefly')] }, { toolCalls: [task('call_task2', 'SUBTASK-MARK again')] }, ...afterTasks, { text: 'done' }] },
          ],
        });
        await runSubagents(c, s, '$stopline change agents=1 -- delegate the work');
        expectRan(s, 'call_task1');
        expectStopped(s, 'call_task2', 'AGENT_BUDGET_EXHAUSTED');
        expect(s.requests.filter((r) => r.thread === 'child').length).toBeGreaterThanOrEqual(1);
        if (h.subagentChecks?.reply) {
          expect(s.requests.filter((r) => r.thread === 'child')).toHaveLength(1);
          expect(s.toolResultText('call_task1')).toContain('SUB-DONE');
        }
      });

      if (!h.backgroundChildren) it(`review: ${h.childWrites ? `a ${w.create}` : 'a `touch`'} inside the sub-agent (${h.words.childCall}) is stopped, and the sub-agent ${h.limits?.noContext ? 'is never told the contract (no context channel)' : h.childContextGap ? `is not told the contract (${h.childContextGap})` : `got the contract ${h.contextLate ? 'by the request after its first call' : 'at its start'}${gap}`}`, async () => {
        const c = runs.newCase('s4-child');
        const s = await runs.server({
          threads: [
            { name: 'child', match: 'CHILD-MARK', turns: [{ toolCalls: [h.childWrites ? create('call_child_touch', join(c.project, 'child.txt')) : shell('call_child_touch', 'touch child.txt')] }, { text: 'SUB-DONE' }] },
            { name: 'main', turns: [{ toolCalls: [task('call_task', 'CHILD-MARK create child.txt')] }, ...afterTasks, { text: 'done' }] },
          ],
        });
        await runSubagents(c, s, '$stopline review -- inspect the project');
        expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
        expectStopped(s, 'call_child_touch', 'MODE_FORBIDS_MUTATION');
        // the subagent-start context reaches the sub-agent's first request (or, late, the one after its call), where the host reads it
        const childFirst = h.contextLate ? s.requestAfterToolCall('call_child_touch') : s.requests.find((r) => r.thread === 'child');
        if (h.childContextGap) expect(requestText(childFirst?.body)).not.toContain('stopline contract (ARMED)');
        else expectContext(requestText(childFirst?.body), `${h.contextLabel?.subagent ?? ''}stopline contract (ARMED)`);
        // a delegation is no change: review lets the sub-agent start
        if (h.subagentChecks?.taskRunsInReview) expectRan(s, 'call_task');
      });
    });
  }

  it('5. no directive: every tool runs and the evidence has one check per action', async () => {
    const c = runs.newCase('s5');
    const s = await runs.server(createEditTouch(c, [{ text: 'done' }]));
    await h.run(c, s, 'tidy up the project');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('call_create\n');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['call_create', 'call_edit', 'call_touch']) expectRan(s, id);
    expectReadRan(s);
    const records = readEvidence(h.dataDir?.(c) ?? stoplineDataDir(c.home));
    const checks = records.filter((e) => e.type === 'check');
    expect(checks.map((e) => e.action?.mutability)).toEqual(withRead(['write', 'write', 'write'], 'read'));
    expect(checks.map((e) => e.action?.tool)).toEqual(withRead(h.evidenceTools ?? ['Write', 'Edit', 'Bash'], 'Read'));
    expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE')).toBe(true);
    if (h.afterRecords) expect(records.filter((e) => e.type === 'after')).toHaveLength(checks.length);
  });

  describe('6. fail mode with an unusable data folder', () => {
    const script = (c: RealHostCase): FakeModelScript => ({ threads: [{ name: 'main', turns: [{ toolCalls: [create('call_create', join(c.project, 'new.txt'))] }, { text: 'done' }] }] });

    it(`fail closed: the write is stopped with GUARD_UNAVAILABLE (${h.words.failClosed})`, async () => {
      const c = runs.newCase('s6-closed');
      seedBrokenDataFolder(c, 'closed', h.brokenDataFolder ?? 'self-link');
      const s = await runs.server(script(c));
      await h.run(c, s, '$stopline change -- write new.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_create', 'GUARD_UNAVAILABLE');
      if (h.failClosedSays) expect(s.toolResultText('call_create')).toContain(h.failClosedSays);
    });

    it(`fail open: the same write runs (${h.words.failOpen ?? 'stopline answers nothing and exits 0'})`, async () => {
      const c = runs.newCase('s6-open');
      seedBrokenDataFolder(c, 'open', h.brokenDataFolder ?? 'self-link');
      const s = await runs.server(script(c));
      const r = await h.run(c, s, '$stopline change -- write new.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('call_create\n');
      expectRan(s, 'call_create');
      if (h.failOpenLine) expect((r as { stderr?: string } | undefined)?.stderr ?? '').toMatch(h.failOpenLine);
    });
  });

  if (h.limits?.noContext) {
    it(`7. no context channel (${h.limits.noContext}): the first model request has no contract; a stop's reason names it`, async () => {
      const c = runs.newCase('s7');
      const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [h.limits?.stopEndsRun ? shell('call_create', 'touch new.txt') : create('call_create', join(c.project, 'new.txt'))] }, { text: 'ok' }] }] });
      await h.run(c, s, '$stopline review files=a.txt -- look at a.txt');
      const first = s.requests.find((r) => r.kind === 'turn');
      expect(requestText(first?.body)).not.toContain('stopline contract (ARMED)');
      expectStopped(s, 'call_create', 'MODE_FORBIDS_MUTATION');
      expect(s.toolResultText('call_create')).toContain('State: ARMED / review');
    });
  } else {
    const where = h.contextLate ? `the model request at the latest after the first tool call (${h.contextLate})` : 'the first model request';
    it(`7. the contract context from ${h.words.promptEvent ?? 'UserPromptSubmit'} is in ${where}${gap}`, async () => {
      const c = runs.newCase('s7');
      // a late context needs a first call to arrive after (a read, or cat where the host gives none)
      const look = h.contextLate && !h.read ? [{ toolCalls: [shell('call_read', 'cat a.txt')] }] : h.contextOnce || h.contextLate ? readA(c) : [];
      const s = await runs.server({ threads: [{ name: 'main', turns: [...look, { text: 'ok' }] }] });
      const r = await h.run(c, s, '$stopline review files=a.txt -- look at a.txt');
      const first = h.contextLate ? s.requestAfterToolCall('call_read') : s.requests.find((r) => r.kind === 'turn');
      const text = requestText(first?.body);
      expectContext(text, `${h.contextLabel?.prompt ?? ''}stopline contract (ARMED)`);
      expectContext(text, 'mode=review');
      for (const part of h.contextAlso ?? []) expectContext(text, part);
      if (h.contextOnce) {
        const copies = (body: unknown) => requestText(body).split('stopline contract (ARMED): mode=review').length - 1;
        expect(copies(first?.body)).toBe(1);
        // the prompt event may fire again before the request that carries the read's result: no second copy
        if (h.read) {
          expectRan(s, 'call_read');
          expect(copies(s.requests.filter((q) => q.kind === 'turn').at(-1)?.body)).toBe(1);
        }
      }
      if (h.promptNotice) expect((r as { stderr?: string }).stderr).toContain(h.promptNotice);
    });
  }

  const hookContext = h.limits?.noContext ? '' : `context reaches the model${gap}, `;
  if (!h.limits?.noUserHooks) it(`the person's own stopline.json hooks run next to the guard: ${hookContext}an exit-2 hook stops \`rm -rf\``, async () => {
    const c = runs.newCase('s8-user-hooks');
    seedUserHooks(c.home);
    mkdirSync(join(c.project, 'build'));
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [shell('call_rm', 'rm -rf build')] }, { toolCalls: [shell('call_ls', 'ls')] }, { text: 'done' }] }] });
    await h.run(c, s, 'clean up the build folder');
    expect(existsSync(join(c.project, 'build'))).toBe(true);
    expect(s.toolResultText('call_rm')).toContain('USER-HOOK: no rm -rf here');
    expectRan(s, 'call_ls');
    if (h.limits?.noContext) return;
    const first = h.contextLate ? s.requestAfterToolCall('call_rm') : s.requests.find((r) => r.kind === 'turn');
    expectContext(requestText(first?.body), 'USER-HOOK-CONTEXT');
  });
}
