/**
 * Path forms on the real Qwen Code 0.24.4 write_file: Qwen trims the path and takes the shell
 * escapes out of it (`my\ file.ts`) before any hook sees it, and refuses a relative path before
 * any hook runs. So what the hook judges is the file Qwen writes: under files=src/** an escaped
 * name inside lands there, a `..` that leaves the folder is stopped, a relative path never runs.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, mainThread, runQwen, startChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, readEvidence, realHostRuns, requireArtifact, stoplineDataDir, stopAssertions, type RealHostCase } from '../shared/real-host';
import { shippedQwenHooks } from './shipped';

const status = await ensureHosts(HOSTS_FOR.qwen);
const runs = realHostRuns({ prefix: 'qwen-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: /^STOP \// } });

async function qwen(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runQwen({ project: c.project, prompt, server: s, settings: { hooks: shippedQwenHooks(requireArtifact('qwen')) }, runDir: c.runDir });
  expect(r.code, `qwen exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const write = (id: string, file_path: string) => ({ toolCalls: [{ id, name: 'write_file', input: { file_path, content: `${id}\n` } }] });

describeRealHost(status, 'path forms on Qwen Code 0.24.4 write_file', HOSTS_FOR.qwen, 300_000, () => {
  it('under files=src/**: an escaped name lands inside, `..` out of the folder is stopped, a relative path never reaches the hook', async () => {
    const c = runs.newCase('locked');
    mkdirSync(join(c.project, 'src'));
    const s = await runs.server(mainThread('MAIN-MARK', [
      write('escaped', `  ${c.project}/src/my\\ file.ts  `),
      write('dotdot', `${c.project}/src/../../dotdot.txt`),
      write('relative', 'src/relative.ts'),
      { text: 'done' },
    ]));
    await qwen(c, s, '$stopline change files=src/** -- MAIN-MARK edit the sources');
    expectRan(s, 'escaped');
    expect(readFileSync(join(c.project, 'src', 'my file.ts'), 'utf8')).toBe('escaped\n');
    expectStopped(s, 'dotdot', 'PATH_OUTSIDE_CONTRACT');
    expect(existsSync(join(dirname(c.project), 'dotdot.txt'))).toBe(false);
    // Qwen refuses it itself: no file, and no check of stopline's for it
    expect(s.toolResultText('relative')).toContain('File path must be absolute');
    expect(existsSync(join(c.project, 'src', 'relative.ts'))).toBe(false);
    expect(readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'check').map((e) => e.decision?.reasonCode)).toEqual(['WITHIN_CONTRACT', 'PATH_OUTSIDE_CONTRACT']);
  });
});
