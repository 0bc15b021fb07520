/**
 * Codex CLI: `stopline.mjs` into CODEX_HOME (project scope: `.codex/`), its handlers merged
 * into the hooks.json there, and one trust entry per handler in `$CODEX_HOME/config.toml`.
 * Without the trust entry Codex skips the hook silently, so registration and trust are
 * one step here. The handler commands name the script by absolute path: a plain user
 * hooks.json gets no PLUGIN_ROOT, and a command that cannot find its script lets every
 * tool run.
 */
import { join } from 'node:path';
import { codexRegistry } from '../../core/registry/codex';
import { removeTrustEntries, renameTrustEntries, trustEntriesFor, trustKey, trustedHashes, upsertTrustEntries, type TrustEntry } from './trust';
import { findOurGroups, mergeHookGroups, removeHookGroups } from '../cli/install/hook-groups';
import { observingHooks } from '../cli/install/hook-files';
import { nodeAt, nodeValue, parseJsonDocument } from '../cli/install/json-edit';
import { hostHome, type Env, type Scope } from '../cli/install/locations';
import { registrationSummary } from '../cli/install/observe-events';
import { editingJson, futureRealpath, type HostPlanner, type InstallContext, placeFile, type PlanContext, PlanError, requireDist, runsScript } from '../cli/install/plan-context';
import { hookCommand } from '../cli/install/runtime';
import { CodexHooksFileError } from './hook-trust';
import { TomlEditError } from '../cli/install/toml-trust';

// what the installer remembers of a Codex install between runs (hosts/cli/install/record.ts keeps it)
declare module '../cli/install/record' {
  interface InstallEntry {
    /** the trust entries written, so a stale one can be recognised by its hash */
    codexTrust?: TrustEntry[];
  }
}

/**
 * The events, observe-only needs, timeout and hook groups of Codex's hooks.json. Handlers carry no
 * matcher (the registry gives none): an omitted matcher matches every tool and keeps the hash simple.
 */
export const codexHooks = observingHooks('codex', codexRegistry);

interface CodexPaths {
  /** where the script and hooks.json go */
  dir: string;
  script: string;
  hooksFile: string;
  /** hooks.json as Codex names it in trust keys */
  hooksFileForTrust: string;
  configToml: string;
}

export function codexPaths(env: Env, scope: Scope, project: string): CodexPaths {
  const dir = scope === 'user' ? hostHome(env, 'codex') : join(project, '.codex');
  const hooksFile = join(dir, 'hooks.json');
  // Codex canonicalises CODEX_HOME (and the project root) when it is given, but not the
  // default ~/.codex; the trust key must be the path Codex computes
  // (the folder only: Codex joins "hooks.json" to it without resolving the file itself)
  const hooksFileForTrust = scope === 'user' && !env.env.CODEX_HOME ? hooksFile : join(futureRealpath(dir), 'hooks.json');
  return { dir, script: join(dir, 'stopline.mjs'), hooksFile, hooksFileForTrust, configToml: join(hostHome(env, 'codex'), 'config.toml') };
}

function guarded<T>(file: string, f: () => T): T {
  try {
    return editingJson(file, f);
  } catch (e) {
    if (e instanceof TomlEditError) throw new PlanError(e.message);
    if (e instanceof CodexHooksFileError) throw new PlanError(`${file}: ${e.message}; Codex would not run the hooks of this file, fix it and run the install again`);
    throw e;
  }
}

interface Dropped {
  text: string;
  removedCount: number;
  /** trust keys of the handlers taken out */
  removeKeys: Set<string>;
  /** trust keys of other groups that moved up in their list: old key -> new key */
  renames: Map<string, string>;
}

/**
 * Take stopline's groups out of hooks.json (of the events `only` accepts, when given), with the
 * trust bookkeeping Codex needs: the removed handlers' keys, and the keys of the groups after
 * them, which move up (Codex would stop running those without a word).
 */
function dropOurGroups(p: CodexPaths, hooksText: string, ours: (command: string) => boolean, only?: (event: string) => boolean): Dropped {
  const root = guarded(p.hooksFile, () => parseJsonDocument(hooksText));
  const handlerCount = (event: string, index: number): number => {
    const groups = nodeValue(nodeAt(root, ['hooks', event]) as never) as { hooks?: unknown[] }[];
    return groups[index]?.hooks?.length ?? 0;
  };
  const removeKeys = new Set<string>();
  const renames = new Map<string, string>();
  for (const [event, indices] of guarded(p.hooksFile, () => findOurGroups(hooksText, ours))) {
    if (only && !only(event)) continue;
    for (const g of indices) {
      for (let h = 0; h < handlerCount(event, g); h++) {
        const key = trustKey(p.hooksFileForTrust, event, g, h);
        if (key) removeKeys.add(key);
      }
    }
  }
  const removal = guarded(p.hooksFile, () => removeHookGroups(hooksText, ours, undefined, only));
  for (const [event, moves] of removal.moved) {
    for (const [from, to] of moves) {
      for (let h = 0; h < handlerCount(event, from); h++) {
        const [a, b] = [trustKey(p.hooksFileForTrust, event, from, h), trustKey(p.hooksFileForTrust, event, to, h)];
        if (a && b) renames.set(a, b);
      }
    }
  }
  return { text: removal.text, removedCount: removal.removedCount, removeKeys, renames };
}

export const codexPlanner: HostPlanner = {
  ...codexHooks.planner,

  install(ctx: InstallContext) {
    const src = requireDist(ctx.distDir, join('codex', 'stopline.mjs'), 'codex');
    const p = codexPaths(ctx.env, ctx.scope, ctx.project);
    const artifacts = [placeFile(ctx, src, p.script)];
    const before = ctx.ws.readText(p.hooksFile);
    const { regs, rows } = codexHooks.registered(ctx);
    const ours = runsScript(p.script);
    // an event an earlier install registered and nothing needs now (an observe-only one) loses its group
    const wantedEvents = new Set(rows.map((r) => r.native));
    const dropped = dropOurGroups(p, before === null || before.trim() === '' ? '{}\n' : before, ours, (event) => !wantedEvents.has(event));
    const hooksText = guarded(p.hooksFile, () => mergeHookGroups(dropped.text, codexHooks.groups(hookCommand(ctx.runtime, p.script), rows), ours, p.hooksFile));
    ctx.ws.write(p.hooksFile, hooksText, 'config');

    const positions = [...findOurGroups(hooksText, ours)].flatMap(([event, indices]) => indices.map((groupIndex) => ({ event, groupIndex })));
    const entries = guarded(p.hooksFile, () => trustEntriesFor(p.hooksFileForTrust, nodeValue(parseJsonDocument(hooksText)), positions));
    let toml = ctx.ws.readText(p.configToml) ?? '';
    // entries this install wrote earlier under keys that are no longer ours (a group moved):
    // drop them only while they still carry our hash, so a person's own trust is never lost
    const wanted = new Set(entries.map((e) => e.key));
    const have = trustedHashes(toml);
    const stale = (ctx.previous?.codexTrust ?? []).filter((old) => !wanted.has(old.key) && have.get(old.key) === old.trustedHash);
    const droppedKeys = [...dropped.removeKeys].filter((k) => !wanted.has(k));
    const current = toml;
    toml = guarded(p.configToml, () =>
      upsertTrustEntries(renameTrustEntries(removeTrustEntries(current, [...stale.map((s) => s.key), ...droppedKeys]), dropped.renames), entries, p.configToml),
    );
    ctx.ws.write(p.configToml, toml, 'config');

    ctx.notes.push(`hooks: ${registrationSummary(regs)} registered in ${p.hooksFile}; ${entries.length} trust entries in ${p.configToml}`);
    if (ctx.scope === 'project') ctx.warnings.push('Codex runs hooks from a project .codex/hooks.json only when the project itself is trusted (codex asks on first start, or `--trust`)');
    return { runtime: ctx.runtime.runtime, artifacts, configs: [p.hooksFile, p.configToml], codexTrust: entries };
  },

  uninstall(ctx: PlanContext) {
    const p = codexPaths(ctx.env, ctx.scope, ctx.project);
    const hooksText = ctx.ws.readText(p.hooksFile);
    let toml = ctx.ws.readText(p.configToml);
    const ours = runsScript(p.script);
    let removeKeys = new Set<string>();
    let renames = new Map<string, string>();
    if (hooksText !== null) {
      const removal = dropOurGroups(p, hooksText, ours);
      removeKeys = removal.removeKeys;
      renames = removal.renames;
      if (removal.removedCount) {
        ctx.ws.write(p.hooksFile, removal.text, 'config');
        ctx.notes.push(`hooks: ${removal.removedCount} stopline hook groups removed from ${p.hooksFile}`);
      }
    }
    if (toml !== null) {
      const recorded: TrustEntry[] = ctx.previous?.codexTrust ?? [];
      const have = trustedHashes(toml);
      for (const old of recorded) if (have.get(old.key) === old.trustedHash) removeKeys.add(old.key);
      const current = toml;
      toml = guarded(p.configToml, () => renameTrustEntries(removeTrustEntries(current, [...removeKeys]), renames));
      if (toml !== current) {
        ctx.ws.write(p.configToml, toml, 'config');
        ctx.notes.push(`trust: stopline entries removed from ${p.configToml}${renames.size ? `; ${renames.size} entries of other hooks moved with their groups` : ''}`);
      }
    }
  },

  knownArtifacts: (ctx) => [codexPaths(ctx.env, ctx.scope, ctx.project).script],
};
