/**
 * The runtime matrix for the Pi extension: the built dist/pi/stopline.ts loaded by the real
 * loader of each pinned Pi (the jiti its install ships) on the Node that Pi version runs on
 * (Node 22 for 1.6.0, the system Node 20 for 0.73.1), with a fake `pi` object, answering the same
 * events the same way: the person's directive arms the contract, the context comes back at the
 * agent start, a write is blocked, a read runs, the skill folder is offered to Pi.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HOSTS_FOR, ensureHosts, missingHosts, piRuntime, repoRoot } from '../harness';
import { requireArtifact } from '../shared/real-host';
import { piJitiCache } from './jiti-cache';

const status = await ensureHosts([...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz']]);

const VARIANTS = [
  { variant: 'ew' as const, jiti: join(repoRoot, '.hosts', 'pi-ew', 'node_modules', 'jiti', 'lib', 'jiti.mjs'), hosts: HOSTS_FOR['pi-ew'] },
  { variant: 'mz' as const, jiti: join(repoRoot, '.hosts', 'pi-mz', 'node_modules', 'jiti', 'lib', 'jiti.mjs'), hosts: HOSTS_FOR['pi-mz'] },
];

interface Answer {
  loadMs: number;
  registered: string[];
  results: { event: string; returned?: unknown; threw?: string }[];
}

describe.each(VARIANTS)('Pi $variant: the built extension through its own jiti', ({ variant, jiti, hosts }) => {
  const missing = missingHosts(status, hosts);
  if (missing.length && status.required) throw new Error(`Pi ${variant} not installed:\n${status.log}`);

  it.skipIf(missing.length > 0)('loads, registers its events and answers them', () => {
    const file = requireArtifact('pi', 'stopline.ts');
    const work = mkdtempSync(join(tmpdir(), `stopline-pi-load-${variant}-`));
    try {
      const home = join(work, 'home');
      const project = join(work, 'project');
      mkdirSync(home, { recursive: true });
      mkdirSync(project, { recursive: true });
      const ctx = { sessionId: `load-${variant}`, cwd: project };
      const steps = [
        { event: 'resources_discover', payload: { type: 'resources_discover', cwd: project, reason: 'startup' }, ctx },
        { event: 'input', payload: { type: 'input', text: '$stopline review -- look at a.txt', source: 'interactive' }, ctx },
        { event: 'before_agent_start', payload: { type: 'before_agent_start', prompt: '$stopline review -- look at a.txt' }, ctx: { ...ctx, isIdle: false } },
        { event: 'tool_call', payload: { type: 'tool_call', toolName: 'write', toolCallId: 'call_w', input: { path: 'new.txt', content: 'x' } }, ctx: { ...ctx, isIdle: false } },
        { event: 'tool_call', payload: { type: 'tool_call', toolName: 'read', toolCallId: 'call_r', input: { path: 'a.txt' } }, ctx: { ...ctx, isIdle: false } },
      ];
      const runtime = piRuntime(variant);
      const r = spawnSync(runtime.node, [join(__dirname, 'jiti-host.mjs'), jiti, file], {
        input: JSON.stringify({ steps }),
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_DATA_HOME: join(home, '.local', 'share'), XDG_CONFIG_HOME: join(home, '.config'), TMPDIR: piJitiCache() },
        encoding: 'utf8',
        timeout: 600_000,
      });
      expect(r.status, r.stderr).toBe(0);
      const answer = JSON.parse(r.stdout) as Answer;
      console.log(`[pi ${variant}] extension loaded by jiti in ${answer.loadMs} ms (cache ${piJitiCache()})`);
      expect(answer.registered).toEqual(expect.arrayContaining(['input', 'before_agent_start', 'tool_call', 'tool_result', 'session_shutdown', 'user_bash', 'resources_discover']));
      const [skills, input, start, write, read] = answer.results;
      expect(skills?.returned).toEqual({ skillPaths: [join(dirname(file), 'skills')] });
      expect(input).toEqual({ event: 'input', returned: null });
      expect((start?.returned as { message: { content: string } }).message.content).toContain('stopline contract (ARMED): mode=review');
      expect(write?.returned).toEqual({ block: true, reason: expect.stringMatching(/^STOP \/ INTENT[\s\S]*MODE_FORBIDS_MUTATION/) });
      expect(read).toEqual({ event: 'tool_call', returned: null });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 900_000);
});
