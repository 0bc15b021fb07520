/**
 * Registry conformance for Kilo Code 7.7.7, which loads OpenCode's plugin with its own registry:
 * what the plugin registers is the Kilo rows, and every captured hook payload goes through it and
 * speaks as kilo (the other hosts' checks: test/conformance/registry.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { failOutcome, handleEvent } from '../../../core/answer/controller';
import { applyHostEditSwitch } from '../../../core/answer/host-mode';
import { InProcessHooks } from '../../../core/hooks/in-process';
import type { ControlEvent } from '../../../core/protocol';
import { REGISTRIES } from '../../../core/registry';
import { OpenCodeDoor } from '../../../hosts/opencode/door';
import { checkingCore, jsonFixtures, NOT_HOOK_FILES, registered } from '../../conformance/kit';
import { testSandbox } from '../../scenarios/drivers';
import { FakeOpenCode } from '../opencode/fake-client';

describe('Kilo Code: OpenCode\'s plugin, given Kilo\'s registry, takes every captured 7.7.7 hook payload and speaks as kilo', () => {
  it('the plugin hooks plus the bus events it answers are the Kilo rows it registers', () => {
    const box = testSandbox();
    const guard = new OpenCodeDoor({ client: new FakeOpenCode().client(), directory: box.project }, { env: box.env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks: new InProcessHooks(box.env, 'kilo'), registry: REGISTRIES.kilo, log: () => {} });
    const hookNames = Object.keys(guard.hooks()).filter((k) => k !== 'event');
    expect([...new Set([...hookNames, ...guard.busEvents()])].sort()).toEqual(registered(REGISTRIES.kilo));
  });

  const files = jsonFixtures('kilo');
  it('there are captured payloads', () => expect(files.length).toBeGreaterThan(10));
  it.each(files.map((f) => [f.file, f.data] as const))('%s', async (file, data) => {
    if (NOT_HOOK_FILES.test(file)) return;
    const box = testSandbox();
    const seen: ControlEvent[] = [];
    const invalid: string[] = [];
    const guard = new OpenCodeDoor(
      { client: new FakeOpenCode().client(), directory: box.project },
      { env: box.env, core: { ...checkingCore(seen, invalid), applyHostEditSwitch }, hooks: new InProcessHooks(box.env, 'kilo'), registry: REGISTRIES.kilo, log: () => {}, sdkTimeoutMs: 500 },
    );
    const hooks = guard.hooks() as unknown as Record<string, (a: unknown, b?: unknown) => Promise<unknown>>;
    if (file.startsWith('event-')) {
      const type = String((data.event as { type?: string }).type);
      // a bus event the registry does not list is one the plugin ignores
      if (!REGISTRIES.kilo.events.some((e) => e.native === type)) expect(guard.busEvents()).not.toContain(type);
      await hooks.event!({ event: data.event });
    } else {
      const hook = file.replace(/\.json$/, '').replace(/-.*$/, '');
      const row = REGISTRIES.kilo.events.find((e) => e.native === hook);
      expect(row, `${hook} is not in the Kilo registry`).toBeDefined();
      if (!hooks[hook]) {
        expect(row!.registered).toBe(false);
        return;
      }
      await hooks[hook]!(data.input, data.output);
      if (hook === 'tool.execute.before') expect(seen.length, file).toBeGreaterThan(0);
    }
    await guard.drain();
    expect(invalid).toEqual([]);
    for (const ev of seen) expect(ev.host.family).toBe('kilo');
  });
});
