/**
 * The oracle's sandbox: run one shell command in a throwaway copy of the fixture and say
 * whether anything under the copy changed.
 *
 * Layout of one sandbox (everything the command may legitimately touch is inside it):
 *   <box>/repo   the fixture repository, the command's cwd
 *   <box>/home   HOME (with a .gitconfig)
 *   <box>/tmp    TMPDIR
 *   <box>/xdg/{config,cache,data,state,runtime}   every XDG folder
 *
 * Isolation, chosen once by detectIsolation():
 *   - root (CI): new network, PID and mount namespaces (`unshare -n -p -f --kill-child -m
 *     --mount-proc`), then the command drops to an unprivileged uid with setpriv (no
 *     capabilities, no new privileges), so it cannot write anything outside the sandbox,
 *     which that uid owns.
 *   - not root: a user namespace on top (`unshare -r`), same namespaces.
 *   - neither: plain bash with proxies unset (network is then NOT isolated); callers refuse
 *     this mode under CI=true.
 * Every command gets a strict time bound; its process group (and, with a PID namespace, every
 * process it started) is killed at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, mkdirSync, mkdtempSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** The uid/gid a root harness drops to; the sandboxes are owned by it. */
export const SANDBOX_UID = 65534;
export const SANDBOX_GID = 65534;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The shared scratch folders of the machine (/tmp, /var/tmp, /dev/shm) are bind-mounted from
 * the sandbox itself inside the mount namespace, so a command that writes there writes into
 * the sandbox, where the snapshot sees it, and never onto the machine. $1 = the sandbox, which
 * therefore must not live under one of those folders (the harness keeps them in test-artifacts/).
 */
const ESCAPE_MOUNTS = 'mount --bind "$1/escape/var-tmp" /var/tmp && mount --bind "$1/escape/shm" /dev/shm && mount --bind "$1/escape/tmp" /tmp && shift && exec "$@"';

/**
 * The argv that runs `command` with bash in the sandbox `box`. The shell waits for the jobs the
 * command leaves in the background before it exits: in a PID namespace the shell is process 1, and
 * its exit kills every job at once, so a backgrounded `git status` would die holding index.lock and
 * the kill, not the command, would show as a change.
 */
export function sandboxArgv(iso, box, command) {
  const shell = ['bash', '-c', 'eval "$1"; s=$?; wait; exit $s', 'bash', command];
  return iso.mounts ? [...iso.prefix.slice(0, iso.mounts), box, ...iso.prefix.slice(iso.mounts), ...shell] : [...iso.prefix, ...shell];
}

function works(workRoot, prefix, mounts) {
  const probe = mkdtempSync(join(workRoot, 'probe-'));
  try {
    for (const d of ['escape/tmp', 'escape/var-tmp', 'escape/shm']) mkdirSync(join(probe, d), { recursive: true });
    const argv = sandboxArgv({ prefix, mounts }, probe, 'exit 7');
    const r = spawnSync(argv[0], argv.slice(1), { stdio: 'ignore', timeout: 10_000 });
    return r.status === 7;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/**
 * Which sandbox this machine allows. Returns { mode, prefix, mounts (index in prefix where the
 * sandbox path goes, or 0), network, dropsPrivileges, owner, describe }.
 */
export function detectIsolation(workRoot) {
  const ns = ['unshare', '--net', '--pid', '--fork', '--kill-child', '--mount', '--mount-proc', 'sh', '-c', ESCAPE_MOUNTS, 'sh'];
  const drop = ['setpriv', `--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_GID}`, '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--no-new-privs'];
  if (isRoot()) {
    const prefix = [...ns, ...drop];
    if (works(workRoot, prefix, ns.length)) {
      return { mode: 'root-namespaces', prefix, mounts: ns.length, network: 'isolated', dropsPrivileges: true, owner: { uid: SANDBOX_UID, gid: SANDBOX_GID }, describe: `network: isolated (new network namespace, loopback only); pid+mount namespaces, /tmp /var/tmp /dev/shm mounted from the sandbox; commands run as uid ${SANDBOX_UID} without capabilities` };
    }
  }
  const userns = ['unshare', '--map-root-user', '--net', '--pid', '--fork', '--kill-child', '--mount', '--mount-proc', 'sh', '-c', ESCAPE_MOUNTS, 'sh'];
  if (works(workRoot, userns, userns.length)) return { mode: 'user-namespaces', prefix: userns, mounts: userns.length, network: 'isolated', dropsPrivileges: !isRoot(), owner: null, describe: 'network: isolated (user + network namespace, loopback only); pid+mount namespaces, /tmp /var/tmp /dev/shm mounted from the sandbox' };
  const netOnly = ['unshare', '--map-root-user', '--net'];
  if (works(workRoot, netOnly, 0)) return { mode: 'user-netns', prefix: netOnly, mounts: 0, network: 'isolated', dropsPrivileges: !isRoot(), owner: null, describe: 'network: isolated (user + network namespace); no pid or mount namespace: only the process group is killed, /tmp is the machine\'s' };
  return { mode: 'none', prefix: [], mounts: 0, network: 'loopback-only-by-convention', dropsPrivileges: false, owner: null, describe: 'network: NOT isolated (no namespaces allowed); proxies unset, candidates only name 127.0.0.1' };
}

/** A clean environment: nothing of the harness's own environment leaks in. */
export function sandboxEnv(box) {
  return {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: join(box, 'home'),
    TMPDIR: join(box, 'tmp'),
    TMP: join(box, 'tmp'),
    TEMP: join(box, 'tmp'),
    XDG_CONFIG_HOME: join(box, 'xdg/config'),
    XDG_CACHE_HOME: join(box, 'xdg/cache'),
    XDG_DATA_HOME: join(box, 'xdg/data'),
    XDG_STATE_HOME: join(box, 'xdg/state'),
    XDG_RUNTIME_DIR: join(box, 'xdg/runtime'),
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TERM: 'dumb',
    USER: 'oracle',
    LOGNAME: 'oracle',
    SHELL: '/bin/bash',
    // the host gitconfig of this machine is not part of the fixture
    GIT_CONFIG_NOSYSTEM: '1',
    no_proxy: '*',
    NO_PROXY: '*',
  };
}

/** Copy the prebuilt template into a fresh sandbox folder (cp -a keeps modes, owners, times). */
export function copyTemplate(template, box) {
  return new Promise((resolve, reject) => {
    // async, so the other workers keep running while this one copies
    const c = spawn('cp', ['-a', template, box], { stdio: 'ignore' });
    c.on('error', reject);
    c.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`cp -a exited ${code}`))));
  });
}

export function removeBox(box) {
  return new Promise((resolve) => {
    const c = spawn('rm', ['-rf', '--one-file-system', box], { stdio: 'ignore' });
    c.on('error', () => resolve(rmSync(box, { recursive: true, force: true })));
    c.on('close', () => resolve());
  });
}

/**
 * Snapshot of a folder: path -> "type mode uid:gid size mtime_ns content-hash|link-target".
 * atime is the only field left out (reading a file changes it).
 */
export function snapshot(root) {
  const out = new Map();
  const walk = (rel) => {
    const abs = rel === '' ? root : join(root, rel);
    const st = lstatSync(abs, { bigint: true });
    const mode = (st.mode & 0o7777n).toString(8);
    const own = `${st.uid}:${st.gid}`;
    if (st.isSymbolicLink()) {
      out.set(rel, `l ${mode} ${own} ${st.size} ${st.mtimeNs} ->${readlinkSync(abs)}`);
    } else if (st.isDirectory()) {
      out.set(rel, `d ${mode} ${own} ${st.mtimeNs}`);
      for (const name of readdirSync(abs).sort()) walk(rel === '' ? name : `${rel}/${name}`);
    } else if (st.isFile()) {
      let h;
      try {
        h = createHash('sha1').update(readFileSync(abs)).digest('hex');
      } catch (e) {
        h = `unreadable:${e.code}`;
      }
      out.set(rel, `f ${mode} ${own} ${st.size} ${st.mtimeNs} ${h}`);
    } else {
      const t = st.isFIFO() ? 'p' : st.isSocket() ? 's' : st.isCharacterDevice() ? 'c' : st.isBlockDevice() ? 'b' : '?';
      out.set(rel, `${t} ${mode} ${own} ${st.mtimeNs} rdev=${st.rdev}`);
    }
  };
  walk('');
  return out;
}

const FIELDS = ['type', 'mode', 'owner', 'size', 'mtime', 'content'];

function what(a, b) {
  const x = a.split(' ');
  const y = b.split(' ');
  if (x[0] !== y[0]) return 'type';
  const names = x[0] === 'd' ? ['type', 'mode', 'owner', 'mtime'] : FIELDS;
  const diff = [];
  for (let i = 1; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) diff.push(names[i] ?? 'target');
  return diff.join('+');
}

/**
 * The differences between two snapshots, one short line each ("+p", "-p", "~p (content+mtime)").
 * `changes` is every difference but one kind: a folder whose entries are all the same and
 * whose only difference is its mtime had a file created and removed again (a lock file, a
 * temporary file); the end state is identical, so that goes to `transient` instead.
 */
export function diffSnapshots(before, after) {
  const changes = [];
  const transient = [];
  for (const [p, v] of after) {
    const old = before.get(p);
    if (old === undefined) changes.push(`+${p || '.'}`);
    else if (old !== v) {
      const w = what(old, v);
      (old.startsWith('d ') && w === 'mtime' ? transient : changes).push(`~${p || '.'} (${w})`);
    }
  }
  for (const p of before.keys()) if (!after.has(p)) changes.push(`-${p || '.'}`);
  // a folder's mtime moving because an entry inside it was added or removed is already said
  const said = new Set(changes.map((l) => l.slice(1).replace(/ \(.*$/, '')));
  const parentSaid = (dir) => [...said].some((q) => q !== dir && (dir === '.' ? !q.includes('/') : q.startsWith(dir + '/') && !q.slice(dir.length + 1).includes('/')));
  const moved = transient.filter((l) => parentSaid(l.slice(1, l.indexOf(' ('))));
  return { changes: [...changes, ...moved].sort(), transient: transient.filter((l) => !moved.includes(l)).sort() };
}

/**
 * Run `command` with bash inside the sandbox `box` (already populated). Resolves with
 * { exit, signal, timedOut, ms, stdout? }. The whole process group is killed at the end
 * (and with a PID namespace every process the command started dies with it).
 */
export function runCommand(iso, box, command, { timeoutMs = 3000, captureStdout = false, stdoutCap = 256 * 1024 } = {}) {
  return new Promise((resolve) => {
    const argv = sandboxArgv(iso, box, command);
    const t0 = Date.now();
    const child = spawn(argv[0], argv.slice(1), {
      cwd: join(box, 'repo'),
      env: sandboxEnv(box),
      stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'ignore'],
      detached: true, // its own process group, so the whole group can be killed
    });
    let out = '';
    if (captureStdout) {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d) => {
        if (out.length < stdoutCap) out += d;
      });
    }
    let timedOut = false;
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    let done = false;
    const finish = (exit, signal, stuck = false) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(last);
      killGroup(); // background children left in the group
      resolve({ exit, signal, timedOut, stuck, ms: Date.now() - t0, stdout: captureStdout ? out : undefined });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    // never wait on a process that will not go: the run ends 2 s after the bound regardless
    const last = setTimeout(() => finish(null, 'SIGKILL', true), timeoutMs + 2000);
    child.on('error', () => finish(null, null));
    // a job the command left in the background (`git status &`) is given a moment to end on its own:
    // killed halfway it leaves what it would have cleaned up (git's index.lock), which is the kill's
    // doing, not the command's
    child.on('close', (exit, signal) => {
      const settled = Date.now() + BACKGROUND_GRACE_MS;
      const poll = () => {
        if (done) return;
        if (!groupAlive(child.pid) || Date.now() >= settled) finish(exit, signal);
        else setTimeout(poll, 20);
      };
      poll();
    });
  });
}

// long enough for a backgrounded `git status` on a loaded two-core machine to finish and drop its lock
const BACKGROUND_GRACE_MS = 3000;

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Make the folders of a sandbox root (the parent of every box). */
export function ensureDir(p) {
  if (!existsSync(p)) mkdirSync(p, { recursive: true });
}
