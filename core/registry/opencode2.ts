/**
 * OpenCode v2 (npm scope @opencode/*, CLI `opencode2`), read from the public source of
 * anomalyco/opencode (docs/hosts/opencode.md, "OpenCode v2"); no v2 build ran here, so every
 * row is "not run on the real host". The plugin's default export carries `id` and `setup(ctx)`;
 * setup registers each handler through a context domain: `ctx.<domain>.hook(<name>, fn)`, which
 * is the native name of a row below split at its first dot (`tool.execute.before` is
 * `ctx.tool.hook("execute.before")`). Rows marked `bus` arrive through `ctx.event.subscribe()`.
 *
 * Tool inputs as the v2 tools declare them: read {path, offset?, limit?}, write {path, content},
 * edit {path, oldString, newString, replaceAll?}, patch {patchText}, shell {command, workdir?,
 * timeout?, background?}, glob {pattern, path?}, grep {pattern, path?, include?},
 * subagent {agent, description, prompt, model?, sessionID?, background?}.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { eventRow as e, toolRow as t } from './rows';

/** Relative paths resolve within the session's location; absolute paths are taken as given. */
const OPENCODE2_PATHS: PathResolver = { steps: ['literal'] };

export const OPENCODE2_PLUGIN_ID = 'stopline';

export const opencode2Registry: HostRegistry = {
  family: 'opencode',
  displayName: 'OpenCode v2',
  verifiedVersion: '2.x source (anomalyco/opencode), not run on the real host',
  notRunOnRealHost: 'the v2 source could not be brought here (the repository snapshot is over the size limit) and @opencode/cli is not on the reachable npm registry; the v2 entry is tested against the plugin types and payload shapes read from the source',
  events: [
    e('tool.execute.before', 'tool:before', 'action.before', true, { handler: 'tool-before', outputs: ['block'], doors: [], rewrite: 'args-in-place' }, 'the event is {tool, sessionID, agent, messageID, id, input}; deny = the callback rejects with the stamp (a tool error); a confined command is written into event.input, which the host then runs'),
    e('tool.execute.after', 'tool:after', 'action.after', false, { handler: 'tool-after', outputs: ['context'], doors: [] }, 'fires on success and on error (status); context is added to event.result.content'),
    e('session.prompt', 'prompt:submit', 'prompt.submit', false, { handler: 'prompt', outputs: ['context'], doors: [] }, 'the prompt before admission ({sessionID, messageID, prompt: {text}}); no failure channel, so it cannot refuse; a child session\'s prompt is its parent\'s task (subagent:start)'),
    e('session.context', null, null, false, { handler: 'context', outputs: ['context'], doors: [] }, 'before every model request: the root\'s contract (for the root and its subagent sessions) and waiting context go into event.system'),
    e('session.compaction', 'compact:before', null, false, { handler: 'compaction', outputs: ['context'], doors: [] }, 'the person\'s compact:before context goes into the compaction request\'s system parts'),
    e('permission.evaluate', null, null, false, { handler: 'permission', outputs: ['block'], doors: [] }, 'after the configured rules (a configured deny never reaches it): an ask stopline kept for this tool call sets effect "ask" with the stamp as message, so the host asks the person'),
    e('session.deleted', 'session:end', 'session.end', false, { handler: 'session-end', bus: true, outputs: ['silent'], doors: [] }, 'from ctx.event.subscribe()'),
    e('session.execution.succeeded', 'turn:stop', null, false, { handler: 'turn-stop', bus: true, outputs: ['silent'], doors: [] }, 'from ctx.event.subscribe(); cannot keep the turn going'),
  ],
  tools: [
    t('read', 'read', { canonical: 'Read', pathFields: ['path'], pathResolver: OPENCODE2_PATHS }),
    t('glob', 'read', { canonical: 'Glob', hostPermission: 'glob' }),
    t('grep', 'read', { canonical: 'Grep', hostPermission: 'grep' }),
    t('webfetch', 'read', { canonical: 'WebFetch' }),
    t('websearch', 'read', { canonical: 'WebSearch' }),
    t('write', 'write', { pathResolver: OPENCODE2_PATHS, canonical: 'Write', pathFields: ['path'], contentFields: ['content'], hookFields: { content: 'content' }, hostPermission: 'edit' }),
    t('edit', 'write', { pathResolver: OPENCODE2_PATHS, canonical: 'Edit', pathFields: ['path'], contentFields: ['newString'], hookFields: { old_string: 'oldString', new_string: 'newString', replace_all: 'replaceAll' }, hostPermission: 'edit' }),
    t('patch', 'apply-patch', { pathResolver: OPENCODE2_PATHS, canonical: 'Edit', patchField: 'patchText', hostPermission: 'edit' }),
    t('apply_patch', 'apply-patch', { pathResolver: OPENCODE2_PATHS, canonical: 'Edit', patchField: 'patchText', hostPermission: 'edit', note: 'the free-form name of patch' }),
    t('shell', 'shell', { pathResolver: OPENCODE2_PATHS, canonical: 'Bash', commandField: 'command', workdirField: 'workdir', hostPermission: 'shell' }),
    t('subagent', 'delegate', {
      canonical: 'Task',
      kindBy: { field: 'sessionID', cases: { '': 'delegate' }, otherwise: 'control' },
      hookFields: { description: 'description', prompt: 'prompt', subagent_type: 'agent' },
      hostPermission: 'subagent',
      note: 'a sessionID continues an existing child session (control), otherwise one new subagent',
    }),
    t('question', 'control', { canonical: 'AskUserQuestion' }),
    t('skill', 'control'),
    t('todowrite', 'control', { canonical: 'TodoWrite' }),
    t('execute', 'unknown', { note: 'code mode: runs code that calls other tools; each inner call is checked on its own, the code itself cannot be proven read-only' }),
  ],
  toolPatterns: [],
  deny: 'opencode2-throw',
  ask: 'host-ask',
  context: 'session.hook("context") pushes {type: "text", text} into event.system of every model request (the root\'s contract in the root and its subagent sessions); after a tool, text is added to event.result.content',
  unsupported: [
    { canonical: 'session:start', why: 'no session-start hook in the v2 plugin API; the person\'s session:start hooks run at the first prompt of a root session' },
    { canonical: 'notice', why: 'no notification hook in the v2 plugin API' },
  ],
  blindSpots: [
    'Not run on the real host: no OpenCode v2 could be built or installed here; the rows come from its source.',
    'A rejected execute.before callback is a defect in the host\'s Effect runtime, not a typed tool error: the tool does not run, but how the turn reports it to the model was not observed.',
    'An ask reaches the person through the host\'s permission prompt only for tools that ask the host for permission (shell, write, edit, patch, subagent, grep, glob); for any other tool an ask is a deny. `opencode2 run --auto` answers every permission prompt itself.',
    'A configured permission deny never reaches the evaluate hook (the host denies first); that only ever tightens.',
    'The plugin runs in the v2 server, which may be a background service started earlier: environment variables (STOPLINE_FAIL_OPEN, STOPLINE_HOME) are the service\'s, not the terminal\'s.',
    'The v2 shell hook (create.before) has no session id, so commands the person runs from the TUI are not seen.',
  ],
  callRecord: {
    status: 'none',
    why: 'not read: the v2 session store was not run here; the plugin sees every execute.before in the host\'s own process',
  },
};
