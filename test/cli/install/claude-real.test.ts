/**
 * The real Claude Code CLI (pinned, from .hosts/) picks up what `stopline install claude`
 * registered, with no --settings or --plugin-dir flag: from `$CLAUDE_CONFIG_DIR/settings.json`
 * (user scope, also with `--fail closed`, so the onFailure key is accepted) and from the
 * project's `.claude/settings.json`. The placeholder hook script leaves a marker. Loopback
 * only: the model is a fake server on 127.0.0.1.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTS_FOR, ensureHosts, runClaude, startAnthropicServer, type FakeModelServer } from '../../hosts/harness';
import { fixture, installFixture, makeHome, write } from './helpers';

const { install } = installFixture({ runtime: 'node' });
let ready = false;
let skipReason = '';
let server: FakeModelServer | undefined;

beforeAll(async () => {
  const status = await ensureHosts(HOSTS_FOR.claude);
  ready = status.ready.has('claude');
  if (!ready) {
    skipReason = `claude is not installed: ${status.log}`;
    if (status.required) throw new Error(skipReason);
  }
  server = await startAnthropicServer({ threads: [{ name: 'hello', turns: [{ text: 'done' }] }] });
}, 900_000);

afterAll(async () => {
  await server?.close();
});

describe('the real Claude Code runs the hooks stopline install registered', () => {
  for (const [name, args] of [
    ['user scope, next to the person’s settings', []],
    ['user scope with --fail closed', ['--fail', 'closed']],
    ['project scope', ['--scope', 'project']],
  ] as const) {
    it(name, async (ctx) => {
      if (!ready) return ctx.skip(skipReason);
      const h = makeHome();
      write(join(h.claude, 'settings.json'), fixture('claude-settings.json'));
      const r = await install(h, 'claude', ...args);
      expect(r.code, r.stderr).toBe(0);
      const marker = join(h.root, 'marker');
      rmSync(marker, { force: true });
      const run = await runClaude({
        project: h.project,
        prompt: 'say hello',
        server: server!,
        env: { HOME: h.home, CLAUDE_CONFIG_DIR: h.claude, STOPLINE_TEST_MARKER: marker },
      });
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      expect(existsSync(marker), 'the registered hook never ran').toBe(true);
      expect(readFileSync(marker, 'utf8')).toBe('claude ');
    }, 180_000);
  }
});
