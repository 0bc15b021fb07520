/**
 * dist/openclaw/index.js as OpenClaw loads it, under each runtime a person may have (Node, Bun,
 * Deno): a spawned process imports the module, calls `register(api)` with a stand-in api, arms a
 * review contract through before_prompt_build and sends a write through before_tool_call. The
 * plugin must block it with the stamp, hand the contract back as prependContext, confine nothing
 * it was not asked to, and write nothing to stdout.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runProcess } from '../harness/process';
import { requireArtifact } from '../shared/real-host';
import { RUNTIMES } from '../shared/runtimes';

const root = mkdtempSync(join(tmpdir(), 'stopline-openclaw-artifact-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const DRIVER = (url: string, project: string) => `
const mod = await import(${JSON.stringify(url)});
const handlers = {};
mod.default.register({ id: "stopline", config: { agents: { defaults: { workspace: ${JSON.stringify(project)} } } }, on(name, h) { handlers[name] = h; } });
const ctx = { agentId: "main", sessionKey: "agent:main:main", sessionId: "artifact-session" };
const prompt = await handlers.before_prompt_build({ prompt: "$stopline review -- look", currentUserMessage: "$stopline review -- look", messages: [] }, { ...ctx, workspaceDir: ${JSON.stringify(project)} });
const write = await handlers.before_tool_call({ toolName: "write", toolCallId: "call_w", params: { path: "new.txt", content: "x" } }, { ...ctx, toolName: "write", toolCallId: "call_w" });
const read = await handlers.before_tool_call({ toolName: "read", toolCallId: "call_r", params: { path: "a.txt" } }, { ...ctx, toolName: "read", toolCallId: "call_r" });
process.stderr.write(JSON.stringify({ hooks: Object.keys(handlers).sort(), prompt, write, read }) + "\\n");
`;

describe.each(Object.entries(RUNTIMES))('dist/openclaw/index.js under %s', (name, argv) => {
  it('registers the guard hooks, arms review from the prompt and blocks a write with the stamp', async () => {
    const dir = join(root, name);
    const project = join(dir, 'project');
    const home = join(dir, 'home');
    for (const d of [project, home]) rmSync(d, { recursive: true, force: true });
    for (const d of [project, home]) mkdirSync(d, { recursive: true });
    const driver = join(dir, 'driver.mjs');
    writeFileSync(driver, DRIVER(pathToFileURL(requireArtifact('openclaw', 'index.js')).href, project));
    const r = await runProcess({ command: argv[0]!, args: [...argv.slice(1), driver], cwd: project, env: { PATH: process.env.PATH ?? '', HOME: home, STOPLINE_DASHBOARD: 'off' }, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const last = r.stderr.trim().split('\n').pop()!;
    const out = JSON.parse(last) as { hooks: string[]; prompt?: { prependContext?: string }; write?: { block?: boolean; blockReason?: string }; read?: unknown };
    expect(out.hooks).toEqual(['after_tool_call', 'agent_end', 'before_prompt_build', 'before_tool_call']);
    expect(out.prompt?.prependContext).toContain('stopline contract (ARMED)');
    expect(out.write?.block).toBe(true);
    expect(out.write?.blockReason).toMatch(/^STOP \//);
    expect(out.write?.blockReason).toContain('MODE_FORBIDS_MUTATION');
    expect(out.read ?? null).toBeNull();
  }, 90_000);
});
