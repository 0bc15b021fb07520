/**
 * Registry conformance: core/registry is the only list of what each host adapter handles.
 * - every event row maps the way the row says (a ControlEvent of that kind, or ignored), and a
 *   name the registry lacks is `unknown` (prints nothing);
 * - what an artifact registers with its host (hooks.json, plugin.yaml, the OpenCode hooks and
 *   bus switch, the Pi handlers) is exactly the registry's `registered` rows;
 * - every tool name an adapter special-cases in its source is a registry tool, and every
 *   registry tool goes through the adapter's analysis without an error;
 * - every captured real payload in test/fixtures passes through its adapter and yields a valid
 *   ControlEvent, or its event is declared ignored (control: null) in the registry.
 * (docs/support-matrix.md freshness is test/cli/matrix.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordBypass } from '../../core/answer/bypass';
import { failOutcome, handleEvent } from '../../core/answer/controller';
import { applyHostEditSwitch } from '../../core/answer/host-mode';
import { InProcessHooks } from '../../core/hooks/in-process';
import { parseControlEvent } from '../../core/protocol';
import type { ControlEvent } from '../../core/protocol';
import { REGISTRIES } from '../../core/registry';
import type { HostRegistry } from '../../core/registry/types';
import { claudeAdapter } from '../../hosts/claude/adapter';
import { codexAdapter } from '../../hosts/codex/adapter';
import { copilotAdapter } from '../../hosts/copilot/adapter';
import { droidAdapter } from '../../hosts/droid/adapter';
import { kimiAdapter } from '../../hosts/kimi/adapter';
import { geminiAdapter } from '../../hosts/gemini/adapter';
import { hermesAdapter } from '../../hosts/hermes/adapter';
import { OpenCodeDoor } from '../../hosts/opencode/door';
import { PiDoor } from '../../hosts/pi/door';
import { qwenAdapter } from '../../hosts/qwen/adapter';
import { vibeAdapter } from '../../hosts/vibe/adapter';
import { vibeHookTables } from '../../hosts/vibe/install';
import { NO_NEEDS, rowsToRegister } from '../../hosts/cli/install/observe-events';
import type { CommandHookAdapter } from '../../hosts/shared/adapter';
import { FakeOpenCode } from '../hosts/opencode/fake-client';
import { fakeCtx } from '../hosts/pi/fake-pi';
import { testSandbox } from '../scenarios/drivers';
import { checkingCore, jsonFixtures, NOT_HOOK_FILES, registered } from './kit';

const REPO = join(__dirname, '..', '..');
const read = (p: string) => readFileSync(join(REPO, p), 'utf8');
const ENV = { HOME: '/home/dev' };

/** A payload with every field the command-hook hosts require for a given event. */
function minimalPayload(family: string, native: string): Record<string, unknown> {
  const base: Record<string, unknown> = { hook_event_name: native, session_id: 'sess-1', cwd: '/home/dev/project', turn_id: 't1' };
  if (family === 'claude' && native === 'UserPromptExpansion') {
    // the plugin's own command expanding (the one expansion the guard reads)
    return { ...base, prompt: '/review-it', expansion_type: 'slash_command', command_name: 'stopline', command_args: 'review -- look' };
  }
  if (family === 'hermes') {
    return { ...base, user_message: 'hi', tool_name: 'terminal', args: { command: 'ls' }, parent_session_id: 'sess-1', child_session_id: 'child-1' };
  }
  // Qwen: only the request that carries the person's words has submitted_prompt
  if (family === 'qwen') return { ...base, prompt: 'hi', submitted_prompt: 'hi', tool_name: 'run_shell_command', tool_input: { command: 'ls' } };
  return { ...base, prompt: 'hi', tool_name: 'Bash', tool_input: { command: 'ls' }, agent_id: undefined };
}

const COMMAND_HOSTS: [string, CommandHookAdapter][] = [
  ['claude', claudeAdapter],
  ['codex', codexAdapter],
  ['hermes', hermesAdapter],
  ['gemini', geminiAdapter],
  ['qwen', qwenAdapter],
  ['copilot', copilotAdapter],
  ['droid', droidAdapter],
  ['kimi', kimiAdapter],
  ['vibe', vibeAdapter],
];

describe.each(COMMAND_HOSTS)('%s: events are exactly the registry rows', (family, adapter) => {
  const reg = REGISTRIES[family as 'claude'];
  it.each(reg.events.map((e) => [e.native, e] as const))('%s maps as its row says', (_n, row) => {
    const mapped = adapter.toControlEvent(minimalPayload(family, row.native), ENV);
    if (row.control === null) {
      expect(mapped.kind).toBe('ignored');
    } else {
      expect(mapped.kind).toBe('event');
      if (mapped.kind === 'event') {
        expect(mapped.event.kind).toBe(row.control);
        expect(parseControlEvent(mapped.event)).toMatchObject({ ok: true });
      }
    }
  });

  it('an event name the registry does not list is unknown (nothing printed, exit 0)', () => {
    expect(adapter.toControlEvent(minimalPayload(family, 'NotAHookStoplineKnows'), ENV).kind).toBe('unknown');
  });

  it('the adapter is declared from this registry', () => {
    expect(adapter.registry).toBe(reg);
  });
});

/** A shipped plugin file cannot know the person's hooks: it registers no observe-only row (hosts/cli/install/observe-events.ts). */
const shipped = (reg: HostRegistry) => reg.events.filter((e) => e.registered && !e.install?.observeOnly).map((e) => e.native).sort();

describe('what each artifact registers with its host is the registry', () => {
  it.each([
    ['Claude Code: hosts/claude/hooks.json', 'claude', shipped],
    ['Codex: hosts/codex/hooks.json', 'codex', shipped],
    ['Gemini CLI: hosts/gemini/hooks.json (the extension hooks)', 'gemini', registered],
    ['Qwen Code: hosts/qwen/hooks.json (the extension hooks)', 'qwen', registered],
    ['Droid: hosts/droid/hooks.json', 'droid', registered],
  ] as const)('%s', (_title, host, expected) => {
    const hooks = Object.keys((JSON.parse(read(`hosts/${host}/hooks.json`)) as { hooks: Record<string, unknown> }).hooks).sort();
    expect(hooks).toEqual(expected(REGISTRIES[host]));
  });

  it('Copilot: hosts/copilot/hooks.json, each handler passing its own event to the script', () => {
    const hooks = (JSON.parse(read('hosts/copilot/hooks.json')) as { hooks: Record<string, { bash: string }[]> }).hooks;
    expect(Object.keys(hooks).sort()).toEqual(registered(REGISTRIES.copilot));
    for (const [event, entries] of Object.entries(hooks)) expect(entries[0]!.bash.endsWith(` ${event}`), event).toBe(true);
  });

  it('Kimi: hosts/kimi/hooks.toml', () => {
    const events = [...read('hosts/kimi/hooks.toml').matchAll(/^event = "([^"]+)"$/gm)].map((m) => m[1]!).sort();
    expect(events).toEqual(shipped(REGISTRIES.kimi));
  });

  it('Mistral Vibe: the hooks.toml tables `stopline install vibe` writes', () => {
    const tables = vibeHookTables(rowsToRegister(REGISTRIES.vibe, NO_NEEDS), 'x', false);
    const types = [...tables.matchAll(/^type = "([a-z_]+)"$/gm)].map((m) => m[1]!).sort();
    expect(types).toEqual(shipped(REGISTRIES.vibe));
  });

  it('Hermes: plugin.yaml provides_hooks', () => {
    const yaml = read('hosts/hermes/plugin.yaml');
    const list = yaml.split('provides_hooks:')[1]!.split('\n').filter((l) => /^\s+-\s+\S/.test(l)).map((l) => l.replace(/^\s+-\s+/, '').trim());
    expect(list.sort()).toEqual(registered(REGISTRIES.hermes));
  });

  it('OpenCode: the plugin hooks plus the bus events the plugin answers', () => {
    const box = testSandbox();
    const fake = new FakeOpenCode();
    const guard = new OpenCodeDoor({ client: fake.client(), directory: box.project }, { env: box.env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks: new InProcessHooks(box.env, 'opencode'), log: () => {} });
    const hookNames = Object.keys(guard.hooks()).filter((k) => k !== 'event');
    const busCases = guard.busEvents();
    expect([...new Set([...hookNames, ...busCases])].sort()).toEqual(registered(REGISTRIES.opencode));
  });

  it('Pi: the handlers the extension passes to pi.on, plus resources_discover', () => {
    const h = new PiDoor({ env: ENV, core: { handleEvent, failOutcome, recordBypass }, hooks: new InProcessHooks(ENV, 'pi'), log: () => {} }).handlers();
    const extra = [...read('hosts/pi/extension.ts').matchAll(/pi\.on\('([a-z_]+)'/g)].map((m) => m[1]!);
    expect([...new Set([...Object.keys(h), ...extra])].sort()).toEqual(registered(REGISTRIES.pi));
  });
});

describe('tools: the adapters name no tool the registry lacks, and handle every tool it lists', () => {
  const SOURCES: Record<string, string[]> = {
    claude: ['hosts/claude/adapter.ts'],
    codex: ['hosts/codex/adapter.ts'],
    opencode: ['hosts/opencode/adapter.ts', 'hosts/opencode/door.ts', 'hosts/opencode/prompts.ts', 'hosts/opencode/tools.ts'],
    pi: ['hosts/pi/adapter.ts', 'hosts/pi/door.ts'],
    hermes: ['hosts/hermes/adapter.ts', 'hosts/hermes/doors.ts'],
    gemini: ['hosts/gemini/adapter.ts', 'hosts/gemini/paths.ts'],
    qwen: ['hosts/qwen/adapter.ts'],
    copilot: ['hosts/copilot/adapter.ts'],
    droid: ['hosts/droid/adapter.ts'],
    kimi: ['hosts/kimi/adapter.ts'],
    vibe: ['hosts/vibe/adapter.ts', 'hosts/vibe/journal.ts'],
  };
  it.each(Object.entries(SOURCES))('%s: every tool name compared in the adapter source is a registry tool', (family, files) => {
    const reg = REGISTRIES[family as 'claude'];
    const names = files.flatMap((f) => [...read(f).matchAll(/(?<!typeof [\w.]*)(?:\btool|toolName|tool_name|call\.tool)\s*[!=]==\s*'([^']+)'/g)].map((m) => m[1]!));
    for (const n of names) expect(reg.tools.map((t) => t.name), `${family} source compares a tool to '${n}'`).toContain(n);
  });

  it.each(COMMAND_HOSTS)('%s: every registry tool goes through the adapter to a valid action', (family, adapter) => {
    const reg = REGISTRIES[family as 'claude'];
    for (const t of reg.tools) {
      const before = reg.events.find((e) => e.control === 'action.before' && e.doors.includes('plugin'))!.native;
      const p = { ...minimalPayload(family, before), tool_name: t.name, tool_input: {}, args: {} };
      const mapped = adapter.toControlEvent(p, ENV);
      expect(mapped.kind, t.name).toBe('event');
      if (mapped.kind === 'event') expect(parseControlEvent(mapped.event), t.name).toMatchObject({ ok: true });
    }
  });
});

// ---------------------------------------------------------------------------- captured payloads

/** The native event a captured command-hook fixture belongs to. */
function hermesHookOf(file: string): string {
  const base = file.replace(/\.json$/, '');
  const hooks = REGISTRIES.hermes.events.map((e) => e.native).sort((a, b) => b.length - a.length);
  return hooks.find((h) => base === h || base.startsWith(`${h}-`)) ?? base;
}

/** Copilot's camelCase captures name their event in the file name (the payload does not); its PascalCase ones are the person's-hooks dialect. */
const copilotEventOf = (file: string) => file.replace(/\.json$/, '').split('-')[0]!;

describe.each(COMMAND_HOSTS)('%s: every captured payload', (family, adapter) => {
  const reg = REGISTRIES[family as 'claude'];
  const files = jsonFixtures(family).filter((f) => family !== 'copilot' || /^[a-z]/.test(f.file));
  it('there are captured payloads', () => expect(files.length).toBeGreaterThan(10));
  it.each(files.map((f) => [f.file, f.data] as const))('%s', (file, data) => {
    const payload: Record<string, unknown> = { ...data };
    delete payload._meta;
    delete payload._source;
    if (family === 'hermes') Object.assign(payload, { hook_event_name: hermesHookOf(file), cwd: '/home/dev/project' });
    if (family === 'copilot') payload.hook_event_name = copilotEventOf(file);
    const name = String(payload.hook_event_name);
    const row = reg.events.find((e) => e.native === name);
    expect(row, `${name} is not in the ${family} registry`).toBeDefined();
    const mapped = adapter.toControlEvent(payload, ENV);
    if (row!.control === null) expect(mapped.kind).toBe('ignored');
    else if (mapped.kind === 'ignored') {
      // a variant of a handled event the guard skips: the registry row must say so
      expect(row!.note ?? '', `${name}: ignored (${mapped.why}) but the registry row does not say when`).toMatch(/ignored/i);
    } else {
      expect(mapped.kind).toBe('event');
      if (mapped.kind === 'event') expect(parseControlEvent(mapped.event)).toMatchObject({ ok: true });
    }
  });
});

describe('OpenCode: every captured hook payload goes through the plugin', () => {
  const files = jsonFixtures('opencode');
  it.each(files.map((f) => [f.file, f.data] as const))('%s', async (file, data) => {
    const box = testSandbox();
    const seen: ControlEvent[] = [];
    const invalid: string[] = [];
    const fake = new FakeOpenCode();
    const guard = new OpenCodeDoor(
      { client: fake.client(), directory: box.project },
      { env: box.env, core: { ...checkingCore(seen, invalid), applyHostEditSwitch }, hooks: new InProcessHooks(box.env, 'opencode'), log: () => {}, sdkTimeoutMs: 500 },
    );
    const hooks = guard.hooks() as unknown as Record<string, (a: unknown, b?: unknown) => Promise<unknown>>;
    let hook: string;
    // a captured hook call has its arguments (`input`/`output`, or `arg` for a bus event); other files are data (configs)
    if (!('input' in data) && !('arg' in data)) return;
    if (file.startsWith('event-')) {
      hook = 'event';
      const type = ((data.arg as { event?: { type?: string } })?.event?.type ?? '') as string;
      const row = REGISTRIES.opencode.events.find((e) => e.native === type);
      // bus events the registry does not list are ignored by the plugin
      if (!row) expect(guard.busEvents()).not.toContain(type);
      await hooks.event!(data.arg);
    } else if (NOT_HOOK_FILES.test(file)) {
      return;
    } else {
      hook = file.replace(/\.json$/, '').replace(/-.*$/, '');
      const row = REGISTRIES.opencode.events.find((e) => e.native === hook);
      expect(row, `${hook} is not in the OpenCode registry`).toBeDefined();
      if (!hooks[hook]) {
        expect(row!.registered).toBe(false);
        return;
      }
      await hooks[hook]!(data.input, data.output);
    }
    await guard.drain();
    expect(invalid).toEqual([]);
  });
});

describe('Pi: every captured event (1.6.0 and 0.73.1) goes through the extension', () => {
  const files = [...jsonFixtures('pi'), ...jsonFixtures('pi', 'mariozechner-0.73.1')];
  it.each(files.map((f) => [f.file, f.data] as const))('%s', async (_file, data) => {
    const box = testSandbox();
    const seen: ControlEvent[] = [];
    const invalid: string[] = [];
    const h = new PiDoor({ env: box.env, core: { ...checkingCore(seen, invalid), recordBypass }, hooks: new InProcessHooks(box.env, 'pi'), log: () => {}, askTimeoutMs: 200 }).handlers();
    const event = data.event as { type?: string };
    const type = String(event.type ?? '');
    const row = REGISTRIES.pi.events.find((e) => e.native === type);
    const handler = h[type];
    if (!handler && type === 'resources_discover') {
      // answered by the extension entry itself (the skills folder), not the guard
      expect(read('hosts/pi/extension.ts')).toContain("pi.on('resources_discover'");
      return;
    }
    if (!handler) {
      // not a stopline event: the registry either declares it unregistered or does not list it
      expect(row?.registered ?? false).toBe(false);
      return;
    }
    const c = data.ctx as { cwd?: string; hasUI?: boolean; isIdle?: boolean; sessionId?: string; mode?: string };
    await handler(event, fakeCtx({ ...c, cwd: box.project, hasUI: false }));
    expect(invalid).toEqual([]);
    if (row?.control) expect(seen.map((e) => e.kind)).toContain(row.control);
  });
});
