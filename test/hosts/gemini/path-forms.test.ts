/**
 * Path forms on the real Gemini CLI 0.61.0 write_file and replace: a leading `@`, percent escapes,
 * `~`, and replace's search for a relative file that is not where the path says. Under a files=
 * lock each path is judged where Gemini writes it, and the file system shows it: an allowed write
 * lands where the guard placed it, a stopped one leaves nothing (docs/hosts/gemini.md, Paths).
 * Without a lock the same forms run, and land where the guard said they would.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, mainThread, runGemini, startGeminiServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { shippedGeminiHooks } from './shipped';

const status = await ensureHosts(HOSTS_FOR.gemini);
const runs = realHostRuns({ prefix: 'gemini-path-forms', startServer: startGeminiServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: 'Tool execution blocked: STOP /', ran: { never: 'Tool execution blocked' } });

async function gemini(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runGemini({ project: c.project, prompt, server: s, settings: { hooks: shippedGeminiHooks(requireArtifact('gemini')) }, runDir: c.runDir });
  expect(r.code, `gemini exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const write = (id: string, file_path: string) => ({ toolCalls: [{ id, name: 'write_file', input: { file_path, content: `${id}\n` } }] });
const replace = (id: string, file_path: string) => ({ toolCalls: [{ id, name: 'replace', input: { file_path, instruction: 'edit', old_string: 'one', new_string: 'two' } }] });

describeRealHost(status, 'path forms on Gemini CLI 0.61.0 write_file and replace', HOSTS_FOR.gemini, 300_000, () => {
  it('under files=src/** each path is judged where Gemini writes it', async () => {
    const c = runs.newCase('locked');
    mkdirSync(join(c.project, 'src'));
    const s = await runs.server(mainThread('MAIN-MARK', [
      // `@src/…` does not exist, so Gemini strips the `@`: inside the lock
      write('mention', '@src/mention.ts'),
      // decoded after the join: `src/../escape.txt`, the project root, outside the lock
      write('escape', 'src/%2e%2e/escape.txt'),
      // a folder named `~` in the project (Gemini never expands it), outside the lock
      write('home', '~/home.txt'),
      write('plain', 'src/plain.ts'),
      { text: 'done' },
    ]));
    await gemini(c, s, '$stopline change files=src/** -- MAIN-MARK edit the sources');
    expectRan(s, 'mention');
    expectRan(s, 'plain');
    expect(readFileSync(join(c.project, 'src', 'mention.ts'), 'utf8')).toBe('mention\n');
    expect(readFileSync(join(c.project, 'src', 'plain.ts'), 'utf8')).toBe('plain\n');
    for (const id of ['escape', 'home']) expectStopped(s, id, 'PATH_OUTSIDE_CONTRACT');
    for (const p of [join(c.project, 'escape.txt'), join(c.project, 'src', '%2e%2e'), join(c.project, '~'), join(c.home, 'home.txt')]) expect(existsSync(p), p).toBe(false);
  });

  it('replace of a relative path that is not there: Gemini would edit whatever file of that name it finds, so it is unproven and stopped', async () => {
    const c = runs.newCase('search');
    mkdirSync(join(c.project, 'src'));
    writeFileSync(join(c.project, 'src', 'app.ts'), 'one\n');
    const s = await runs.server(mainThread('MAIN-MARK', [replace('searched', 'app.ts'), { text: 'done' }]));
    await gemini(c, s, '$stopline change files=app.ts -- MAIN-MARK fix app.ts');
    expectStopped(s, 'searched', 'WRITE_PATH_UNPROVEN');
    expect(readFileSync(join(c.project, 'src', 'app.ts'), 'utf8')).toBe('one\n');
  });

  it('without files= the same forms run and land where the guard placed them (the search too)', async () => {
    const c = runs.newCase('open');
    mkdirSync(join(c.project, 'src'));
    writeFileSync(join(c.project, 'src', 'app.ts'), 'one\n');
    const s = await runs.server({
      threads: [{ name: 'main', match: 'MAIN-MARK', turns: [write('mention', '@src/m.ts'), write('escape', 'src/%2e%2e/escape.txt'), write('home', '~/home.txt'), replace('searched', 'app.ts'), { text: 'done' }] }],
    });
    await gemini(c, s, '$stopline open -- MAIN-MARK go ahead');
    for (const id of ['mention', 'escape', 'home', 'searched']) expectRan(s, id);
    expect(readFileSync(join(c.project, 'src', 'm.ts'), 'utf8')).toBe('mention\n');
    expect(readFileSync(join(c.project, 'escape.txt'), 'utf8')).toBe('escape\n');
    expect(readFileSync(join(c.project, '~', 'home.txt'), 'utf8')).toBe('home\n');
    expect(existsSync(join(c.home, 'home.txt'))).toBe(false);
    // the edit went to the one file of that name Gemini found
    expect(readFileSync(join(c.project, 'src', 'app.ts'), 'utf8')).toBe('two\n');
    expect(existsSync(join(c.project, 'app.ts'))).toBe(false);
  });
});
