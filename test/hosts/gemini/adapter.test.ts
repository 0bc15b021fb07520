/**
 * Gemini CLI adapter, offline: every captured 0.61.0 payload maps to a valid ControlEvent or is
 * declared ignored in the registry; the prompt is what the person typed (the SessionStart
 * context Gemini puts in front of it in a headless run is taken off); write_file and replace
 * paths are placed as Gemini places them; every outcome renders in the form Gemini reads.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { geminiRegistry } from '../../../core/registry/gemini';
import { geminiAdapter, personPrompt, toControlEvent } from '../../../hosts/gemini/adapter';
import { expectMappedAsRowSays, rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter (toControlEvent is imported on its own: the tests hand it a fake file system)
const { canAsk, render, renderUnidentifiedDeny } = geminiAdapter;

const at = (name: string) => rowEvent(geminiRegistry, name);

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'gemini');
const payloadFiles = readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.startsWith('_'));
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
const ENV = { HOME: '/home/dev' };
const NOTHING = { exists: (_p: string) => false };

function event(payload: Record<string, unknown>, fs = NOTHING) {
  const m = toControlEvent(payload, ENV, fs);
  if (m.kind !== 'event') throw new Error(`${String(payload.hook_event_name)} was ${m.kind}: ${m.why}`);
  return m.event;
}

describe('every captured Gemini payload', () => {
  it('covers the ten events a headless run fires (Notification needs an interactive confirmation)', () => {
    const seen = [...new Set(payloadFiles.map((f) => String(load(f).hook_event_name)))].sort();
    expect(seen).toEqual(geminiRegistry.events.map((e) => e.native).filter((n) => n !== 'Notification').sort());
  });

  it.each(payloadFiles)('%s maps to a valid ControlEvent or is declared ignored', (f) => {
    const payload = load(f);
    expectMappedAsRowSays(geminiRegistry, payload.hook_event_name, toControlEvent(payload, ENV, NOTHING));
  });
});

describe('toControlEvent', () => {
  it('BeforeAgent is the person: the headless SessionStart context in front of the prompt is taken off', () => {
    const typed = '$stopline review -- look at a.txt';
    const withContext = `<hook_context>stopline (OBSERVING): no task mode is confirmed.\nThe person can set one: \`$stopline answer|review\`.</hook_context>\n\n${typed}`;
    expect(event({ ...load('BeforeAgent.json'), prompt: withContext }).prompt).toEqual({ text: typed, source: 'user' });
    expect(event({ ...load('BeforeAgent.json'), prompt: typed }).prompt).toEqual({ text: typed, source: 'user' });
    // only the one leading block, and only when it is closed and followed by the blank line
    expect(personPrompt('<hook_context>a</hook_context>\n\n<hook_context>b</hook_context>\n\nx')).toBe('<hook_context>b</hook_context>\n\nx');
    expect(personPrompt('<hook_context>unclosed $stopline open')).toBe('<hook_context>unclosed $stopline open');
  });

  it('maps the captured tools: write_file and replace to writes, the shell through the analysis, invoke_agent to one delegation', () => {
    expect(event(load('BeforeTool-write_file.json')).action).toMatchObject({ name: 'write_file', canonicalName: 'Write', mutability: 'write', affectedPaths: ['made.txt'] });
    expect(event(load('BeforeTool-run_shell_command.json')).action).toMatchObject({ canonicalName: 'Bash', mutability: 'write', affectedPaths: ['shell_made.txt', 'victim.txt'] });
    expect(event(load('BeforeTool-invoke_agent-subagent.json')).action).toMatchObject({ mutability: 'delegate', delegationCount: 1 });
    expect(event(load('BeforeTool-complete_task-subagent.json')).action).toMatchObject({ mutability: 'control' });
  });

  it("a subagent's call cannot be told from the parent's: same session, no agent id", () => {
    const parent = event(load('BeforeTool-invoke_agent-subagent.json'));
    const child = event(load('BeforeTool-run_shell_command-subagent.json'));
    expect(child.sessionId).toBe(parent.sessionId);
    expect(child.host).toEqual({ family: 'gemini', hasHuman: false });
  });

  it('replace on a relative file that is not there: Gemini searches the workspace, so the target is unproven', () => {
    const a = event(load('BeforeTool-replace.json'), NOTHING).action!;
    expect(a.mutability).toBe('write');
    expect(a.affectedPaths).toBeNull();
    expect(a.segments?.some((s) => /searches the workspace/.test(s.why))).toBe(true);
    // when the file is where the path says, that is the file
    const there = event(load('BeforeTool-replace.json'), { exists: (p: string) => p === '/home/dev/project/edit_me.txt' }).action!;
    expect(there.affectedPaths).toEqual(['edit_me.txt']);
  });

  it('a tool event without a session id is an input error (the fail mode answers)', () => {
    const { session_id: _s, ...rest } = load('BeforeTool-write_file.json');
    expect(() => toControlEvent(rest, ENV, NOTHING)).toThrow(/session_id/);
  });
});

describe('render', () => {
  const deny = { kind: 'deny' as const, message: 'STOP / INTENT\nno', reasonCode: 'MODE_FORBIDS_MUTATION' as const };

  it('BeforeTool: the top-level decision deny, the stamp on stderr, exit 2 (never the Claude hookSpecificOutput form)', () => {
    const r = render(deny, at('BeforeTool'));
    expect(JSON.parse(r.stdout)).toEqual({ decision: 'deny', reason: 'STOP / INTENT\nno' });
    expect(r).toMatchObject({ stderr: 'STOP / INTENT\nno\n', exitCode: 2 });
    expect(r.stdout).not.toContain('permissionDecision');
    // no person to ask: an ask is the same deny
    expect(render({ ...deny, kind: 'ask' }, at('BeforeTool')).exitCode).toBe(2);
    expect(canAsk(event(load('BeforeTool-write_file.json')))).toBe(false);
  });

  it('context where the row takes it, as hookSpecificOutput.additionalContext; nothing on BeforeTool or SessionEnd', () => {
    const ctx = { kind: 'context' as const, message: 'stopline contract (ARMED)' };
    for (const name of ['SessionStart', 'BeforeAgent', 'AfterTool']) expect(JSON.parse(render(ctx, at(name)).stdout)).toEqual({ hookSpecificOutput: { hookEventName: name, additionalContext: 'stopline contract (ARMED)' } });
    expect(render(ctx, at('BeforeTool')).stdout).toBe('');
    expect(render(ctx, at('SessionEnd')).stdout).toBe('');
  });

  it("the notice and the person's hook messages are a systemMessage on BeforeAgent; a person's deny of the prompt is a decision", () => {
    const r = JSON.parse(render({ kind: 'context', message: 'c', notice: 'stopline: contract set', messages: ['from a hook'] } as never, at('BeforeAgent')).stdout);
    expect(r.systemMessage).toBe('from a hook\nstopline: contract set');
    expect(JSON.parse(render({ kind: 'deny', message: 'hook says no' }, at('BeforeAgent')).stdout)).toEqual({ decision: 'deny', reason: 'hook says no' });
  });

  it("after the tool, a person's hook deny goes to the model beside the output (Gemini's own deny there would replace it)", () => {
    const r = JSON.parse(render({ kind: 'none', feedback: 'HOOK: do not do that again' } as never, at('AfterTool')).stdout);
    expect(r).toEqual({ hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'HOOK: do not do that again' } });
  });

  it('an allow prints nothing; an unidentified fail-closed deny is text on stderr with exit 2', () => {
    expect(render({ kind: 'none' }, at('BeforeTool'))).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(renderUnidentifiedDeny('STOP / CONTROL')).toEqual({ stdout: '', stderr: 'STOP / CONTROL\n', exitCode: 2 });
  });

  it("the person's hooks get the tool input with Claude's field names (invoke_agent: subagent_type)", () => {
    const p = load('BeforeTool-invoke_agent-subagent.json');
    const input = geminiAdapter.userHooks!.canonicalInput!(p, event(p));
    expect(input).toMatchObject({ subagent_type: 'generalist', prompt: 'LAB-SUB run the scripted shell call' });
  });
});

describe('paths as Gemini places them, on a real disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stopline-gemini-paths-'));
  const project = join(dir, 'project');
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(join(project, '@scoped'), { recursive: true });
  writeFileSync(join(project, 'src', 'app.ts'), 'x');
  writeFileSync(join(project, '@literal.txt'), 'x');
  const place = (tool: string, file_path: string) => {
    const m = toControlEvent({ ...load('BeforeTool-write_file.json'), cwd: project, tool_name: tool, tool_input: { file_path, content: 'x', old_string: 'x', new_string: 'y' } }, ENV);
    if (m.kind !== 'event') throw new Error(m.why);
    return m.event.action!.affectedPaths;
  };

  it.each([
    // paths inside the project come back relative to it, others absolute
    ['write_file', '@src/new.ts', ['src/new.ts']],
    ['write_file', '@/src/new.ts', ['src/new.ts']],
    ['write_file', '@literal.txt', ['@literal.txt']],
    ['write_file', '@scoped/pkg.json', ['@scoped/pkg.json']],
    // a folder named ~ (Gemini never expands it); kept absolute so it is never read as the home
    ['write_file', '~/x.txt', [join(project, '~/x.txt')]],
    ['write_file', 'a%2Fb.txt', ['a/b.txt']],
    ['write_file', 'src/%2e%2e/%2e%2e/escape.txt', [join(dir, 'escape.txt')]],
    ['write_file', 'bad%zz.txt', ['bad%zz.txt']],
    ['write_file', `${project}/src/../abs.txt`, ['abs.txt']],
    ['replace', 'src/app.ts', ['src/app.ts']],
    ['replace', 'app.ts', null],
    ['replace', `${project}/app.ts`, ['app.ts']],
  ])('%s %j -> %j', (tool, raw, expected) => {
    expect(place(tool, raw)).toEqual(expected);
  });

  it('cleans up', () => rmSync(dir, { recursive: true, force: true }));
});
