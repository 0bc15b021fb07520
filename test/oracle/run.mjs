/**
 * The oracle's runner: a work folder with one prebuilt template, a canary outside every
 * sandbox, and a small pool that runs candidates a few at a time, each in a fresh copy:
 * copy -> snapshot -> bash -c -> kill the group -> snapshot -> diff -> remove.
 */
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { buildTemplate } from './fixture.mjs';
import { copyTemplate, detectIsolation, diffSnapshots, removeBox, runCommand, snapshot } from './sandbox.mjs';

/**
 * Where the sandboxes' work folders go: `preferred` (test-artifacts/work of the checkout), unless
 * a sandbox could not use it: the checkout lies under a folder each sandbox mounts over (/tmp,
 * /var/tmp, /dev/shm), or a folder above it is closed to other users (a clone made with
 * `mktemp -d` is 0700), so the sandbox's unprivileged uid could not reach its own copy. Then a
 * folder of this user's that others may pass through.
 */
export function oracleWorkParent(preferred) {
  const mountedOver = /^\/(tmp|var\/tmp|dev\/shm)(\/|$)/.test(preferred);
  if (!mountedOver && passableAbove(preferred)) return preferred;
  return join(process.getuid?.() === 0 ? '/var/lib' : join(process.env.HOME ?? '/var/lib', '.cache'), 'stopline-oracle');
}

/** Whether every existing folder above `path` lets other users pass through (o+x). */
function passableAbove(path) {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    try {
      if ((statSync(dir).mode & 0o001) === 0) return false;
    } catch {
      // not made yet: prepare() creates it with the default mode
    }
    if (dir === dirname(dir)) return true;
  }
}

/**
 * Prepare a work folder under `parent` (must not be under /tmp, /var/tmp or /dev/shm: those are
 * mounted from each sandbox). Returns { root, template, iso, canary }.
 */
export function prepare(parent) {
  mkdirSync(parent, { recursive: true });
  const root = mkdtempSync(join(parent, 'run-'));
  chmodSync(root, 0o711);
  const iso = detectIsolation(root);
  const template = join(root, 'template');
  buildTemplate(template, iso.owner);
  // the canary: beside the sandboxes, writable by the same uid the commands run as, so a
  // command that escapes its sandbox (../, absolute paths) could reach it
  const canaryDir = join(root, 'canary');
  mkdirSync(canaryDir);
  const canary = join(canaryDir, 'canary.txt');
  writeFileSync(canary, 'the oracle never touches this\n');
  if (iso.owner) {
    chownSync(canaryDir, iso.owner.uid, iso.owner.gid);
    chownSync(canary, iso.owner.uid, iso.owner.gid);
  }
  return { root, template, iso, canary: { dir: canaryDir, file: canary, before: canaryState(canaryDir) } };
}

/** Everything observable about the canary folder: its listing, each entry's content and times. */
export function canaryState(dir) {
  const snap = snapshot(dir);
  return createHash('sha1').update([...snap].map((e) => e.join('=')).join('\n')).digest('hex');
}

export function cleanup(ctx) {
  rmSync(ctx.root, { recursive: true, force: true, maxRetries: 3 });
}

/** Run one command in a fresh sandbox. */
export async function observe(ctx, cmd, i, opts = {}) {
  const box = join(ctx.root, `b${i}`);
  await copyTemplate(ctx.template, box);
  const before = snapshot(box);
  const r = await runCommand(ctx.iso, box, cmd, opts);
  const after = snapshot(box);
  await removeBox(box);
  const d = diffSnapshots(before, after);
  return { cmd, changed: d.changes.length > 0, changes: d.changes, transient: d.transient, exit: r.exit, timedOut: r.timedOut, ms: r.ms, stdout: r.stdout };
}

/** Run every command, `concurrency` at a time; results in input order. */
export async function observeAll(ctx, cmds, { concurrency = 4, timeoutMs = 3000, captureStdout = false, onResult } = {}) {
  const results = new Array(cmds.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= cmds.length) return;
      results[i] = await observe(ctx, cmds[i], i, { timeoutMs, captureStdout });
      onResult?.(results[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cmds.length) }, worker));
  return results;
}

const DIFF_FAMILY = new Set(['log', 'show', 'diff', 'diff-tree', 'diff-files', 'diff-index', 'format-patch', 'whatchanged', 'range-diff', 'stash']);

/** Help texts of the programs to enumerate (each printed inside a sandbox, stdout captured). */
export async function collectHelps(ctx, programs, gitSubs) {
  const jobs = [];
  for (const [name, p] of Object.entries(programs)) {
    // `installed` marks an installed program even when it has no help to read
    const flag = p.help === null ? '' : (p.help ?? ['--help']).join(' ');
    jobs.push([name, `command -v ${name} >/dev/null && echo '#installed' && ${p.help === null ? 'true' : `${name} ${flag} 2>&1`}`]);
  }
  for (const sub of Object.keys(gitSubs)) jobs.push([`git ${sub}`, `git ${sub} -h 2>&1`]);
  jobs.push(['git (diff options)', 'git diff -h 2>&1']);
  const installed = {};
  const res = await observeAll(ctx, jobs.map((j) => j[1]), { concurrency: 4, timeoutMs: 10_000, captureStdout: true });
  const diffOptions = res[jobs.length - 1].stdout ?? '';
  jobs.forEach(([name], i) => {
    const out = res[i].stdout ?? '';
    if (name.startsWith('git ')) {
      if (name === 'git (diff options)') return;
      // log, show and the diff family take every diff option; their -h lists only their own
      installed[name] = DIFF_FAMILY.has(name.slice(4)) ? `${out}\n${diffOptions}` : out;
    } else if (out.startsWith('#installed')) installed[name] = out.slice('#installed'.length);
  });
  return installed;
}

export { readFileSync, statSync };
