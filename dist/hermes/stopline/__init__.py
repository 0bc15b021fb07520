"""stopline for Hermes Agent: a thin shim that asks stopline's JS evaluator for every decision.

Hermes plugins are Python; stopline's guard is JavaScript. This module registers plain synchronous
``**kwargs`` callbacks and forwards each hook call, as one JSON line, to a resident child process
``<runtime> stopline.mjs listen`` (runtime = node, bun or deno). The child answers with the value Hermes
should receive. Standard library only; Python >= 3.11.

Why the failure policy lives here: Hermes v0.19 swallows a raising callback (the tool call is allowed)
while later releases turn a raise or a slow callback into a block. So no callback ever raises; every
error, timeout or missing runtime is turned into an explicit, configured outcome (fail open by default,
fail closed when configured) with one line on stderr.

Line protocol with the child (one JSON object per line, UTF-8):
  -> {"op": "ping", "id": n}                               <- {"ok": true, ...}
  -> {"op": "dispatch", "id": n, "host": "hermes", "event": "<hook>", "payload": {...}}
                                                           <- {"ok": true, "output": <value or null>}
                                                           <- {"ok": false, "error": "<text>"}
  -> {"op": "bye"}                                         child exits (so does stdin EOF)
An answer that carries an "id" must carry the request's id; answers for other ids are skipped.
A request line stays under 8 MiB (the evaluator refuses longer ones).
"""
from __future__ import annotations

import atexit
import collections
import json
import math
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time

PLUGIN_DIR = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(PLUGIN_DIR, "stopline.mjs")

# The hooks registered below: generated from core/registry/hermes.ts (the rows with the plugin
# door) by the build; after a registry change run `node build/host-files.mjs --write`.
HOOKS = (
    "pre_llm_call",
    "pre_tool_call",
    "post_tool_call",
    "on_session_start",
    "on_session_end",
    "on_session_finalize",
    "subagent_start",
    "subagent_stop",
    "pre_verify",
)

DEFAULT_TIMEOUT_MS = 5000
# After the resident child failed to start, use one-shot children for this long before trying again,
# so a broken resident mode does not cost a failed start on every hook call.
RESIDENT_RETRY_AFTER_S = 30.0
STDERR_LINES_KEPT = 20
# The evaluator's listen loop refuses request lines longer than this (8 MiB).
MAX_REQUEST_BYTES = 8 * 1024 * 1024
# The PID of this Hermes process, for the child: it ends when this process is gone.
OWNER_PID_ENV = "STOPLINE_OWNER_PID"


class Unavailable(Exception):
    """The evaluator could not produce an answer; ``reason`` is the short text shown to the person."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class _StartFailed(Unavailable):
    """The resident child started but did not answer the ping (a one-shot child may still work)."""

    def __init__(self, reason: str, timed_out: bool):
        super().__init__(reason)
        self.timed_out = timed_out


class _ChildDied(Unavailable):
    pass


class _BadAnswer(Unavailable):
    pass


class _TimedOut(Unavailable):
    pass


class _EvaluatorError(Unavailable):
    """The child answered {"ok": false}: it works, it just could not decide this one."""


# ----------------------------------------------------------------------------- settings
def timeout_seconds() -> float:
    raw = os.environ.get("STOPLINE_HERMES_TIMEOUT_MS", "").strip()
    try:
        ms = int(raw) if raw else DEFAULT_TIMEOUT_MS
    except ValueError:
        ms = DEFAULT_TIMEOUT_MS
    if ms <= 0:
        ms = DEFAULT_TIMEOUT_MS
    return ms / 1000.0


def runtime_command() -> list[str]:
    """argv of the evaluator: STOPLINE_RUNTIME (a name or a path), else node, else bun, else deno."""
    chosen = os.environ.get("STOPLINE_RUNTIME", "").strip()
    if chosen:
        exe = shutil.which(chosen)
        if not exe:
            raise Unavailable(f"STOPLINE_RUNTIME={chosen} is not an executable node, bun or deno")
        return _argv_for(exe)
    for name in ("node", "bun", "deno"):
        exe = shutil.which(name)
        if exe:
            return _argv_for(exe)
    raise Unavailable("no JS runtime found: install node, bun or deno, or set STOPLINE_RUNTIME")


def _argv_for(exe: str) -> list[str]:
    # deno needs "run" and permissions; node and bun run the file directly.
    if os.path.basename(exe).lower().startswith("deno"):
        return [exe, "run", "-A", SCRIPT, "listen"]
    return [exe, SCRIPT, "listen"]


def child_environment() -> dict[str, str]:
    """The child sees Hermes's environment; evidence goes to the Hermes profile's own folder. It is
    told which process owns it, so it ends with this Hermes even when it runs under a wrapper or its
    stdin is held open elsewhere (hosts/hermes/owner.ts)."""
    env = dict(os.environ)
    if not env.get("STOPLINE_HOST_DATA_DIR"):
        home = env.get("HERMES_HOME") or os.path.join(os.path.expanduser("~"), ".hermes")
        env["STOPLINE_HOST_DATA_DIR"] = os.path.join(home, "stopline")
    env[OWNER_PID_ENV] = str(os.getpid())
    return env


def user_config_path() -> str:
    explicit = os.environ.get("STOPLINE_CONFIG", "").strip()
    if explicit:
        return explicit
    base = os.environ.get("XDG_CONFIG_HOME", "").strip() or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "stopline", "stopline.json")


# A JSON string (an unclosed one runs to the end), then what _strict_json removes. The alternatives
# never overlap, so matching stays linear in the file size.
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"?'
_COMMENT_OR_STRING = re.compile(_STRING + r"|//[^\n]*|/\*.*?\*/|/\*", re.S)
_TRAILING_COMMA_OR_STRING = re.compile(_STRING + r"|,(?=[ \t\r\n]*[}\]])")


def _strict_json(text: str) -> str:
    """The text of a hand-written stopline.json as plain JSON: // and /* */ comments and trailing
    commas removed outside strings. stopline's own config reader accepts them (`stopline install`
    keeps a person's comments), so the shim must too: otherwise a commented file that says
    "failMode": "closed" would fail open here while the evaluator reads it as closed.
    Raises ValueError for an unterminated comment, which the evaluator also refuses."""

    def without_comment(m: re.Match) -> str:
        token = m.group(0)
        if token.startswith('"'):
            return token
        if token == "/*":
            raise ValueError("unterminated comment")
        return " " if token.startswith("/*") else ""

    plain = _COMMENT_OR_STRING.sub(without_comment, text)
    return _TRAILING_COMMA_OR_STRING.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", plain)


def _read_config(path: str):
    with open(path, encoding="utf-8-sig") as fh:
        text = fh.read()
    try:
        return json.loads(text)  # the common case
    except ValueError:
        return json.loads(_strict_json(text))


def _config_fail_mode(path: str, notes: list[str]) -> str | None:
    try:
        config = _read_config(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        notes.append(f"config {path} unreadable: {type(exc).__name__}")
        return None
    value = config.get("failMode") if isinstance(config, dict) else None
    if value in ("open", "closed"):
        return value
    if value is not None:
        notes.append(f"failMode {value!r} in {path} not understood")
    return None


def project_config_path(start: str) -> str | None:
    """The first .stopline/stopline.json walking up from the working dir; the walk stops at the
    repository root (a folder with .git), like stopline's own config loader."""
    folder = os.path.abspath(start) if start else ""
    for _ in range(64):
        if not folder:
            return None
        candidate = os.path.join(folder, ".stopline", "stopline.json")
        if os.path.isfile(candidate):
            return candidate
        if os.path.exists(os.path.join(folder, ".git")):
            return None
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent
    return None


def fail_mode() -> tuple[str, str | None]:
    """("open" | "closed", note about a setting that could not be used, or None).

    STOPLINE_FAIL_OPEN=1 / =0 wins, then STOPLINE_FAIL_MODE=open|closed, then failMode in the user
    config; a project config may tighten it to closed, never loosen it."""
    notes: list[str] = []
    forced = os.environ.get("STOPLINE_FAIL_OPEN", "").strip()
    if forced == "1":
        return "open", None
    if forced == "0":
        return "closed", None
    if forced:
        notes.append(f"STOPLINE_FAIL_OPEN={forced} not understood (use 1 or 0)")
    mode = os.environ.get("STOPLINE_FAIL_MODE", "").strip().lower()
    if mode not in ("open", "closed"):
        if mode:
            notes.append(f"STOPLINE_FAIL_MODE={mode} not understood (use open or closed)")
        mode = _config_fail_mode(user_config_path(), notes) or "open"
        project = project_config_path(working_dir())
        if project and _config_fail_mode(project, notes) == "closed":
            mode = "closed"
    return mode, "; ".join(notes) or None


# ----------------------------------------------------------------------------- payload
def json_safe(value, _path: frozenset = frozenset(), _depth: int = 0):
    """A copy json can encode: SDK objects and other strangers become their str()."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    if isinstance(value, (dict, list, tuple, set, frozenset)):
        if id(value) in _path:
            return "<cycle>"
        if _depth >= 64:
            return "<nested too deep>"
        inner = _path | {id(value)}
        if isinstance(value, dict):
            return {str(k): json_safe(v, inner, _depth + 1) for k, v in value.items()}
        return [json_safe(v, inner, _depth + 1) for v in value]
    try:
        return str(value)
    except Exception:
        return f"<{type(value).__name__}>"


def working_dir() -> str:
    # Hermes passes no cwd to plugin hooks; TERMINAL_CWD carries the configured working dir.
    configured = os.environ.get("TERMINAL_CWD", "").strip()
    if configured:
        return configured
    try:
        return os.getcwd()
    except OSError:
        return os.environ.get("PWD", "")


def _env_on(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def human_present() -> bool:
    """Whether Hermes's approval prompt can reach a person now, read at call time: Hermes's
    interactive CLI exports HERMES_INTERACTIVE; gateway and cron runs mark themselves. Only then
    may the evaluator answer "approve" (elsewhere Hermes would block it with its own text)."""
    return _env_on("HERMES_INTERACTIVE") and not _env_on("HERMES_GATEWAY_SESSION") and not _env_on("HERMES_CRON_SESSION")


def path_base(task_id) -> str | None:
    """The folder Hermes's own tools join a relative path with for this task, asked of Hermes:
    ``tools.file_tools._resolve_base_dir(task_id)`` (the live terminal folder after a ``cd``, then a
    registered workspace, TERMINAL_CWD, the process folder). Only when Hermes has loaded its file
    tools (nothing is imported here); None when this Hermes has no such function or it fails, and
    the evaluator then joins relative paths with the event's folder."""
    module = sys.modules.get("tools.file_tools")
    resolve = getattr(module, "_resolve_base_dir", None) if module is not None else None
    if not callable(resolve):
        return None
    try:
        base = str(resolve(task_id if isinstance(task_id, str) and task_id else "default"))
    except Exception:
        return None
    return base if os.path.isabs(base) else None


def build_payload(kwargs: dict) -> dict:
    payload = json_safe(kwargs)
    if not (isinstance(payload.get("cwd"), str) and payload["cwd"]):
        payload["cwd"] = working_dir()
    if "tool_name" in kwargs:
        base = path_base(kwargs.get("task_id"))
        if base:
            payload["stopline_path_base"] = base  # adapter.ts PATH_BASE_FIELD
    if human_present():
        payload["stopline_has_human"] = True  # absent = nobody can answer an approve
    return payload


# ----------------------------------------------------------------------------- child process
def _forward_line(line: str) -> None:
    # stderr lines the evaluator addresses to the person start with "stopline:"; the rest is kept
    # only as diagnostics so Hermes's terminal is not flooded.
    if line.startswith("stopline:"):
        _say(line)


def _say(line: str) -> None:
    try:
        sys.stderr.write(line.rstrip("\n") + "\n")
        sys.stderr.flush()
    except Exception:
        pass


def _parse_answer(line: bytes, request_id) -> tuple[bool, object]:
    """(matched, output). matched False = an answer for another request (skip it)."""
    try:
        answer = json.loads(line.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise _BadAnswer("evaluator answered with something that is not JSON") from None
    if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
        raise _BadAnswer("evaluator answer has the wrong shape (no boolean 'ok')")
    if "id" in answer and request_id is not None and answer["id"] != request_id:
        return False, None
    if not answer["ok"]:
        error = answer.get("error")
        raise _EvaluatorError(f"evaluator error: {str(error)[:300] if error else 'unspecified'}")
    return True, answer.get("output")


def _encode(message: dict) -> bytes:
    return (json.dumps(message, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")


def encode_request(request_id: int, event: str, payload: dict) -> bytes:
    """One dispatch line, kept under the evaluator's line limit. A long session's conversation history
    is the one bulky field the guard can do without: it is cut to the last message first. A payload
    that is still too large is refused here, so the fail mode decides instead of a broken exchange."""
    request = {"op": "dispatch", "id": request_id, "host": "hermes", "event": event, "payload": payload}
    line = _encode(request)
    history = payload.get("conversation_history")
    if len(line) > MAX_REQUEST_BYTES and isinstance(history, list) and len(history) > 1:
        request["payload"] = {**payload, "conversation_history": history[-1:],
                              "conversation_history_omitted": len(history) - 1}
        line = _encode(request)
    if len(line) > MAX_REQUEST_BYTES:
        raise Unavailable(f"{event} payload is {len(line) / 1048576:.1f} MiB, over the evaluator's "
                          f"{MAX_REQUEST_BYTES // 1048576} MiB limit")
    return line


class _Child:
    """One running evaluator process with its reader threads."""

    # Every child whose pipes this process holds: the exit clean-up ends all of them (one still
    # answering its first ping too), and a fork lets go of all of them.
    running: set = set()

    def __init__(self, argv: list[str], env: dict[str, str]):
        try:
            # close_fds (the default, spelled out): the child gets its three pipes and nothing else of
            # Hermes's. The pipes are close-on-exec on Hermes's side, so no other program Hermes
            # starts inherits them; a fork without exec is handled by drop_after_fork().
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=env, start_new_session=True, close_fds=True)
        except OSError as exc:
            raise Unavailable(f"cannot start {os.path.basename(argv[0])}: {exc.strerror or exc}") from None
        _Child.running.add(self)
        self.lines: queue.Queue = queue.Queue()
        self.stderr_tail: collections.deque = collections.deque(maxlen=STDERR_LINES_KEPT)
        self.eof = False
        self._outbox: queue.Queue = queue.Queue()
        for target in (self._read_stdout, self._read_stderr, self._write_stdin):
            threading.Thread(target=target, daemon=True, name=f"stopline-{target.__name__}").start()

    # Writes go through their own thread: a child that stops reading must not block Hermes past
    # the timeout (the exchange waits on the answer queue, never on the pipe).
    def _write_stdin(self):
        while True:
            data = self._outbox.get()
            if data is None:
                break
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (OSError, ValueError):
                break

    def _read_stdout(self):
        try:
            for line in iter(self.proc.stdout.readline, b""):
                self.lines.put(line)
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def _read_stderr(self):
        try:
            for raw in iter(self.proc.stderr.readline, b""):
                text = raw.decode("utf-8", "replace").rstrip()
                if text:
                    self.stderr_tail.append(text)
                    _forward_line(text)
        except (OSError, ValueError):
            pass

    def alive(self) -> bool:
        return not self.eof and self.proc.poll() is None

    def death_reason(self) -> str:
        code = self.proc.poll()
        if code is None:
            try:
                code = self.proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                code = None
        tail = self.stderr_tail[-1] if self.stderr_tail else ""
        status = f"exited with code {code}" if code is not None else "closed its output"
        return f"evaluator {status}" + (f": {tail[:200]}" if tail else "")

    def exchange(self, line: bytes, request_id, deadline: float):
        # Anything already queued was not asked for (a late duplicate, stray output): drop it.
        while True:
            try:
                stale = self.lines.get_nowait()
            except queue.Empty:
                break
            if stale is None:
                self.eof = True
                raise _ChildDied(self.death_reason())
        self._outbox.put(line)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _TimedOut(f"evaluator timed out after {timeout_seconds() * 1000:.0f} ms")
            try:
                answer = self.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if answer is None:
                self.eof = True
                raise _ChildDied(self.death_reason())
            if not answer.strip():
                continue
            matched, output = _parse_answer(answer, request_id)
            if matched:
                return output

    def drop_after_fork(self):
        """In a process forked from Hermes (no exec): let go of the pipes to the parent's child.
        The fork's copy of the stdin write end would otherwise keep that child's input open after
        Hermes is gone. Each pipe is replaced by /dev/null under the same number, so the file
        objects stay valid and closing them later closes nothing of anyone else's; no lock or
        buffer of the file objects is touched (a thread of the parent may have held them)."""
        try:
            null = os.open(os.devnull, os.O_RDWR | os.O_CLOEXEC)
        except OSError:
            return
        try:
            for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                try:
                    os.dup2(null, pipe.fileno(), inheritable=False)
                except (OSError, ValueError):
                    pass  # closed already
        finally:
            os.close(null)

    def close(self, gracefully: bool = False):
        _Child.running.discard(self)
        try:
            if gracefully and self.proc.poll() is None:
                self._outbox.put(b'{"op":"bye"}\n')
                self._outbox.put(None)
                try:
                    self.proc.wait(timeout=0.5)
                except subprocess.TimeoutExpired:
                    pass
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait(timeout=2)
        except Exception:
            pass
        self._outbox.put(None)
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                pipe.close()
            except Exception:
                pass


class Evaluator:
    """The resident evaluator of this Hermes process: started lazily, restarted when it dies,
    replaced when it hangs or talks nonsense, and bypassed by one-shot children when it cannot start."""

    def __init__(self):
        self._lock = threading.Lock()
        self._child: _Child | None = None
        self._resident_retry_at = 0.0
        self._next_id = 0
        self._exiting = False

    def reset_after_fork(self):
        # The child process belongs to the parent; a forked Hermes worker starts its own, and lets
        # go of the parent's pipes so the parent's child still ends with the parent. The old objects
        # are kept, never finalized here: finalizing would flush a buffer the parent's writer
        # thread may have held at the fork.
        for child in list(_Child.running):
            child.drop_after_fork()
            _INHERITED_AT_FORK.append(child)
        _Child.running.clear()
        self._lock = threading.Lock()
        self._child = None
        self._resident_retry_at = 0.0
        self._exiting = False

    def dispatch(self, event: str, payload: dict):
        budget = timeout_seconds()
        deadline = time.monotonic() + budget
        if not self._lock.acquire(timeout=budget):
            raise Unavailable(f"evaluator busy for more than {budget * 1000:.0f} ms")
        try:
            self._next_id += 1
            request_id = self._next_id
            line = encode_request(request_id, event, payload)
            return self._dispatch_locked(line, request_id, deadline)
        finally:
            self._lock.release()

    def _dispatch_locked(self, line: bytes, request_id: int, deadline: float):
        for attempt in (1, 2):
            if self._child is not None and not self._child.alive():
                self._discard()  # died since the last call: start a fresh one
            if self._child is None:
                problem = self._start_resident(deadline)
                if self._child is None:
                    return self._one_shot(line, request_id, deadline, problem)
            try:
                return self._child.exchange(line, request_id, deadline)
            except _ChildDied:
                # It died while reading this request: one fresh child gets one more try.
                self._discard()
                if attempt == 2 or time.monotonic() >= deadline:
                    raise
            except _EvaluatorError:
                raise
            except Unavailable:
                self._discard()  # timed out or answered nonsense: replace it
                raise
        raise Unavailable("evaluator unavailable")  # not reached: the loop returns or raises

    def _start_resident(self, deadline: float) -> str | None:
        """Start the resident child; on a failed ping return why (the caller goes one-shot)."""
        if time.monotonic() < self._resident_retry_at:
            return "resident evaluator recently failed to start"
        try:
            self._child = self._start(deadline)
            return None
        except _StartFailed as exc:
            # A child that refused or died at once will do so again: go one-shot for a while. A slow
            # one (a cold start) is tried again on the next call.
            if not exc.timed_out:
                self._resident_retry_at = time.monotonic() + RESIDENT_RETRY_AFTER_S
            return exc.reason

    def _start(self, deadline: float) -> _Child:
        if not os.path.isfile(SCRIPT):
            raise Unavailable(f"stopline.mjs is missing from {PLUGIN_DIR}")
        # The clean-up is in place before the child exists, and a child whose start overlaps the exit
        # clean-up (a worker thread still starting it while Hermes exits) is ended here, not left behind.
        _register_exit_cleanup()
        child = _Child(runtime_command(), child_environment())
        if self._exiting:
            child.close()
            raise Unavailable("Hermes is exiting")
        # The ping may use the whole budget: a cold start of deno or node on a slow machine takes a
        # while, and a child that refuses or dies answers fast, leaving time for the one-shot fallback.
        self._next_id += 1
        try:
            child.exchange(_encode({"op": "ping", "id": self._next_id}), self._next_id, deadline)
        except Unavailable as exc:
            child.close()
            raise _StartFailed(f"resident evaluator did not answer the ping ({exc.reason})",
                               isinstance(exc, _TimedOut)) from None
        return child

    def _one_shot(self, line: bytes, request_id: int, deadline: float, why: str | None):
        if not os.path.isfile(SCRIPT):
            raise Unavailable(f"stopline.mjs is missing from {PLUGIN_DIR}")
        if deadline - time.monotonic() < 0.05:
            raise _TimedOut(why or f"evaluator timed out after {timeout_seconds() * 1000:.0f} ms")
        argv, env = runtime_command(), child_environment()
        data = line + b'{"op":"bye"}\n'
        prefix = f"{why}; " if why else ""
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, env=env, start_new_session=True)
        except OSError as exc:
            raise Unavailable(f"{prefix}cannot start {os.path.basename(argv[0])}: {exc.strerror or exc}") from None
        try:
            out, err = proc.communicate(data, timeout=max(0.01, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise _TimedOut(f"{prefix}one-shot evaluator timed out after {timeout_seconds() * 1000:.0f} ms") from None
        for text in err.decode("utf-8", "replace").splitlines():
            _forward_line(text.rstrip())
        for answer in out.splitlines():
            if answer.strip():
                try:
                    matched, output = _parse_answer(answer, request_id)
                except Unavailable as exc:
                    raise Unavailable(f"{prefix}{exc.reason}") from None
                if matched:
                    return output
        tail = err.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
        raise Unavailable(f"{prefix}one-shot evaluator exited with code {proc.returncode} without an answer"
                          + (f": {tail[0][:200]}" if tail[0] else ""))

    def _discard(self):
        child, self._child = self._child, None
        if child is not None:
            child.close()

    def shutdown(self):
        self._exiting = True  # first: a child started from now on is ended by _start itself
        child, self._child = self._child, None
        if child is not None:
            child.close(gracefully=True)
        # a child another thread is still starting (its ping not answered yet) is not left behind either
        for other in list(_Child.running):
            other.close()


_INHERITED_AT_FORK: list = []
EVALUATOR = Evaluator()
_exit_cleanup_registered = False


def _register_exit_cleanup():
    global _exit_cleanup_registered
    if not _exit_cleanup_registered:
        _exit_cleanup_registered = True
        atexit.register(EVALUATOR.shutdown)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=EVALUATOR.reset_after_fork)


# ----------------------------------------------------------------------------- outcomes
# Same layout as every stopline STOP stamp: first line "STOP / <FAMILY>", what happened, the reason
# code with its family, the state, and a next step.
def guard_unavailable_stamp(reason: str) -> str:
    return "\n".join((
        "STOP / CONTROL",
        f"stopline could not check this action and is configured to fail closed: {reason}",
        "Reason: GUARD_UNAVAILABLE (C)",
        "State: UNKNOWN",
        "Next: Tell the person stopline is unavailable; they can make node, bun or deno available to Hermes "
        "(or set STOPLINE_RUNTIME) and restart it, or set STOPLINE_FAIL_OPEN=1 to let actions through.",
    ))


def _deny_without_text_stamp() -> str:
    return "\n".join((
        "STOP / CONTROL",
        "stopline denied this action, but its evaluator sent no explanation.",
        "Reason: GUARD_UNAVAILABLE (C)",
        "State: UNKNOWN",
        "Next: Tell the person stopline denied this without a reason; they can check `$stopline status`.",
    ))


def _rewrite_impossible_stamp() -> str:
    return "\n".join((
        "STOP / CONTROL",
        "stopline lets this call run only with other arguments, and Hermes gave no arguments to change.",
        "Reason: GUARD_UNAVAILABLE (C)",
        "State: UNKNOWN",
        "Next: Tell the person stopline could not apply its answer to this call; it did not run.",
    ))


def _wrapper_needs_approval_stamp(description: str) -> str:
    return "\n".join((
        "STOP / CONTROL",
        "stopline would run this command confined, but Hermes's own dangerous-command check flags the "
        f"confined command line ({description[:120]}) and would ask the person to approve text they never saw; "
        "it did not run.",
        "Reason: GUARD_UNAVAILABLE (C)",
        "State: UNKNOWN",
        "Next: Tell the person this command needs the sandbox and Hermes would ask them about stopline's command line; "
        "they can run it themselves, or use `hermes -z` (no approval prompt), where it runs confined.",
    ))


def _approval_prompt_live(approval) -> bool:
    """Whether Hermes's terminal tool would put a flagged command to a person now: not bypassed
    (--yolo, a session /yolo, approvals.mode off), and an interactive CLI, a gateway session or
    HERMES_EXEC_ASK (tools/approval.py ``check_all_command_guards``). What this Hermes does not
    expose is read as live: a wrapper that goes to a prompt nobody sees is the case to avoid."""
    bypass = getattr(approval, "is_approval_bypass_active", None)
    try:
        if callable(bypass) and bypass():
            return False
    except Exception:
        pass
    probes = [getattr(approval, name, None) for name in ("_is_interactive_cli", "_is_gateway_approval_context")]
    if not all(callable(p) for p in probes):
        return True
    try:
        return any(p() for p in probes) or _env_on("HERMES_EXEC_ASK")
    except Exception:
        return True


def _shell_quote(word: str) -> str:
    return "'" + word.replace("'", "'\\''") + "'"


# The evaluator's event the shim sends when it stopped a confined call the evaluator had let run
# (doors.ts SHIM_STOPPED_EVENT): the evidence then says the call did not run.
SHIM_STOPPED_EVENT = "stopline_shim_stopped"


def _record_stop(kwargs, confined) -> None:
    """Tell the evaluator this call was stopped after all, naming the record it corrects. Best effort:
    the stop stands whether or not the evaluator records it."""
    event_id = confined.get("event") if isinstance(confined, dict) else None
    if not (isinstance(event_id, str) and event_id):
        return
    try:
        EVALUATOR.dispatch(SHIM_STOPPED_EVENT, {**build_payload(kwargs or {}), "stopline_corrects": event_id})
    except Exception:
        pass


def wrapper_needs_approval(command, wrapped):
    """The description Hermes's own dangerous-command detector gives the confined command line
    when it flags that line but not the model's own command and would ask a person about it; None
    otherwise. The line is normally short (``'/bin/sh' <launcher script> <the model's command>``,
    the sandbox inside the script), but when the launcher could not be written it is the whole
    sandbox wrapper, whose mount and path lists can hold what Hermes's patterns look for (a folder
    named PowerShell and a later `[ -e`); the person would be asked to approve text they never
    saw, and with nobody at the prompt it is denied after a minute. Only when Hermes has loaded
    its approval module (nothing is imported here)."""
    if not (isinstance(command, str) and isinstance(wrapped, str)) or command == wrapped:
        return None
    approval = sys.modules.get("tools.approval")
    detect = getattr(approval, "detect_dangerous_command", None) if approval is not None else None
    if not callable(detect):
        return None
    try:
        hit = detect(wrapped)
        if not (isinstance(hit, tuple) and hit and hit[0]):
            return None
        own = detect(command)
        if isinstance(own, tuple) and own and own[0]:
            return None  # Hermes asks about the model's own command too: that prompt is Hermes's to make
        key = hit[1] if len(hit) > 1 else None
        approved = getattr(approval, "is_approved", None)
        session = getattr(approval, "get_current_session_key", None)
        if isinstance(key, str) and callable(approved) and callable(session) and approved(session(), key):
            return None  # the person already approved that pattern for this session
    except Exception:
        return None
    if not _approval_prompt_live(approval):
        return None
    description = hit[2] if len(hit) > 2 and isinstance(hit[2], str) else "flagged"
    return description or "flagged"


def on_failure(hook: str, reason: str):
    mode, note = fail_mode()
    suffix = f" [{note}]" if note else ""
    if hook == "pre_tool_call" and mode == "closed":
        _say(f"stopline: guard unavailable ({reason}); failing closed{suffix}")
        return {"action": "block", "message": guard_unavailable_stamp(reason)}
    cannot_block = f" ({hook} cannot block)" if mode == "closed" else ""
    _say(f"stopline: guard unavailable ({reason}); failing open{cannot_block}{suffix}")
    return None


def _nonblank(value) -> bool:
    return isinstance(value, str) and value.strip() != ""


def shape_pre_tool_call(output, kwargs=None):
    if not isinstance(output, dict):
        return None
    action = output.get("action")
    if action == "modify":
        # A command run in place of the model's: Hermes runs the tool with the very dict it handed
        # this callback (v0.19 reads no such answer itself), so the new arguments go into it. The
        # directive is returned as well, for a Hermes that merges it the same way.
        args = (kwargs or {}).get("args")
        new_args = output.get("args")
        if isinstance(args, dict) and isinstance(new_args, dict):
            # stopline's own confined command, taken as the evaluator gave it; only that one is
            # checked against Hermes's detector (a person's hook that rewrote the command is
            # Hermes's to ask about)
            confined = output.get("stopline_confined")
            if confined is not None:
                flagged = wrapper_needs_approval(args.get("command"), new_args.get("command"))
                if flagged:
                    _record_stop(kwargs, confined)
                    return {"action": "block", "message": _wrapper_needs_approval_stamp(flagged)}
            args.update(new_args)
            return {"action": "modify", "args": new_args}
        # nowhere to put it: a call that may only run with other arguments does not run
        return {"action": "block", "message": _rewrite_impossible_stamp()}
    if action == "block":
        message = output.get("message")
        # Hermes ignores a block without text, which would silently allow: keep the denial.
        return {"action": "block", "message": message if _nonblank(message) else _deny_without_text_stamp()}
    if action == "approve":
        shaped = {"action": "approve"}
        if _nonblank(output.get("message")):
            shaped["message"] = output["message"]
        if _nonblank(output.get("rule_key")):
            shaped["rule_key"] = output["rule_key"]
        return shaped
    return None


def shape_pre_llm_call(output, _kwargs=None):
    if isinstance(output, dict) and _nonblank(output.get("context")):
        return {"context": output["context"]}
    if _nonblank(output):
        return {"context": output}
    return None


def shape_pre_verify(output, _kwargs=None):
    if not isinstance(output, dict):
        return None
    if output.get("action") == "continue" and _nonblank(output.get("message")):
        return {"action": "continue", "message": output["message"]}
    if output.get("decision") == "block" and _nonblank(output.get("reason")):
        return {"decision": "block", "reason": output["reason"]}
    return None


def _ignored(_output, _kwargs=None):
    return None  # Hermes does not use the return value of this hook


# A hook whose return value Hermes uses has a shaper named after it (shape_<hook>); the others return None.
SHAPERS = {hook: globals()[f"shape_{hook}"] for hook in HOOKS if f"shape_{hook}" in globals()}


def make_callback(hook: str):
    shape = SHAPERS.get(hook, _ignored)

    def callback(**kwargs):
        try:
            return shape(EVALUATOR.dispatch(hook, build_payload(kwargs)), kwargs)
        except Unavailable as exc:
            return _safe_failure(hook, exc.reason)
        except Exception as exc:  # never let an exception reach Hermes: its handling differs by version
            return _safe_failure(hook, f"shim error {type(exc).__name__}: {exc}")

    callback.__name__ = callback.__qualname__ = f"stopline_{hook}"
    return callback


def _safe_failure(hook: str, reason: str):
    try:
        return on_failure(hook, reason)
    except Exception:
        return None


def register(ctx):
    for hook in HOOKS:
        try:
            ctx.register_hook(hook, make_callback(hook))
        except Exception as exc:
            _say(f"stopline: could not register {hook} ({type(exc).__name__}: {exc})")
