#!/usr/bin/env python3
"""stopline's Hermes Agent emulator: loads plugin folders and fires hooks the way Hermes does.

Written for stopline from the verified notes on Hermes v0.19.0 (and the later 0.21 dispatch changes);
it contains no Hermes code. Standard library only.

What is emulated
  loading   plugin.yaml / plugin.yml read with a small YAML reader (PyYAML's YAML 1.1 scalars), the
            plugins.enabled / plugins.disabled gate of config.yaml, kind sniffing of __init__.py when the
            manifest has no kind, import as package ``hermes_plugins.<slug>`` whose __path__ is the
            plugin folder, ``register(ctx)``; a register() that raises leaves the hooks it added live.
  dispatch  every callback runs with keyword arguments plus telemetry_schema_version.
            v0.19: exceptions are swallowed (the callback is skipped), async callbacks are never
            awaited, narrow signatures fail with TypeError, no timeout.
            v0.21: narrow signatures get the parameters they declare, async callbacks are awaited,
            hot hooks are bounded by --timeout; a raising or timed-out pre_tool_call blocks.
  consumers pre_tool_call (first block with a message or approve wins; approve with nobody to ask is
            blocked with Hermes's text; the model sees json {"error": msg}; post_tool_call fires with
            status "blocked"), pre_llm_call (contexts joined by blank lines, appended to the user
            message, dropped for non-text user content), pre_verify, transform_* and
            pre_gateway_dispatch first-match rules. Every other hook's return value is ignored.

Commands (JSON on stdout; Hermes's own warnings on stderr)
  harness.py load     PLUGINS
  harness.py fire     PLUGINS KWARGS.json [--hook NAME]
  harness.py fixtures PLUGINS FIXTURE_DIR       replay every <hook>[-...].json in the folder
  harness.py turn     PLUGINS SCENARIO.json     one CLI turn of scripted tool calls
  harness.py bench    PLUGINS KWARGS.json [--count N] [--threads N] [--results]
  harness.py serve    PLUGINS                   one request per stdin line: {"hook": h, "kwargs": {...}}
PLUGINS is one plugin folder (it has plugin.yaml) or a plugins root holding several (like
$HERMES_HOME/plugins). Options: --semantics v0.19|v0.21, --timeout SECONDS (v0.21 hook timeout,
default 30), --config CONFIG.yaml (apply the enable gate; without it every plugin found is loaded and the
output says so), --approver none|approve (who answers an approve directive; default none).
"""
from __future__ import annotations

import argparse
import atexit
import asyncio
import importlib.util
import inspect
import json
import os
import re
import statistics
import sys
import threading
import time
import types
from pathlib import Path

TELEMETRY_SCHEMA = "hermes.observer.v1"
HOOKS_V019 = frozenset((
    "pre_tool_call", "post_tool_call", "transform_terminal_output", "transform_tool_result",
    "transform_llm_output", "pre_llm_call", "post_llm_call", "pre_verify", "pre_api_request",
    "post_api_request", "api_request_error", "on_session_start", "on_session_end",
    "on_session_finalize", "on_session_reset", "subagent_start", "subagent_stop",
    "pre_gateway_dispatch", "pre_approval_request", "post_approval_response",
    "kanban_task_claimed", "kanban_task_completed", "kanban_task_blocked"))
HOOKS_ADDED_LATER = frozenset((
    "on_stream_start", "on_stream_delta", "on_stream_end", "on_interim_message",
    "transform_api_error_classification", "on_skill_lifecycle", "agent_loop_stopped",
    "on_room_member_activity", "pre_transcription", "on_kanban_worker_spawned",
    "on_kanban_worker_exited", "on_kanban_worker_stale_claim", "on_kanban_task_updated",
    "on_kanban_dispatch_tick", "gateway_platform_event", "pre_command"))
# v0.21 runs these under plugins.hook_callback_timeout; only pre_tool_call turns a timeout into a block.
BOUNDED_V021 = frozenset((
    "pre_tool_call", "post_tool_call", "transform_terminal_output", "transform_tool_result",
    "transform_llm_output", "pre_llm_call", "post_llm_call", "pre_api_request", "post_api_request",
    "api_request_error", "pre_verify", "on_session_start", "on_session_end"))
TIMEOUT_BLOCK_V021 = "pre_tool_call plugin callback timed out or is still running"
KINDS = ("standalone", "backend", "exclusive", "platform", "model-provider")
SPILL_CHARS = 10_000
# Fields that are live Python objects in a real Hermes process (the captured fixtures hold a placeholder).
LIVE_OBJECT_FIELDS = {
    "post_api_request": ("assistant_message",),
    "pre_gateway_dispatch": ("gateway", "session_store"),
}


def warn(text: str) -> None:
    sys.stderr.write(f"[hermes-emulator] {text}\n")
    sys.stderr.flush()


# ============================================================================ YAML subset

def _fingerprint(args) -> str:
    """The arguments as text, to see whether a callback changed them (any value json cannot encode as its repr)."""
    try:
        return json.dumps(args, sort_keys=True, default=repr)
    except (TypeError, ValueError, RecursionError):
        return repr(args)

class YamlError(ValueError):
    pass


_NULLS = ("", "~", "null", "Null", "NULL")
_TRUE = ("true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON")
_FALSE = ("false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF")
_INT = re.compile(r"^[-+]?(0|[1-9][0-9_]*)$")
_OCTAL = re.compile(r"^[-+]?0[0-7_]+$")
_HEX = re.compile(r"^[-+]?0x[0-9a-fA-F_]+$")
_FLOAT = re.compile(r"^[-+]?([0-9][0-9_]*)?\.[0-9_]*([eE][-+][0-9]+)?$")


def _strip_comment(line: str) -> str:
    quote, i = None, 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1  # an escaped character inside a double-quoted string
            elif ch == quote and quote == "'" and line[i + 1:i + 2] == "'":
                i += 1  # '' is an escaped quote inside a single-quoted string
            elif ch == quote:
                quote = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " \t:[{,-"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
        i += 1
    return line.rstrip()


def _scalar(text: str, lineno: int):
    """A plain or quoted scalar, resolved the way PyYAML's safe_load (YAML 1.1) does."""
    text = text.strip()
    if text.startswith('"'):
        if not text.endswith('"') or len(text) < 2:
            raise YamlError(f"line {lineno}: unterminated double-quoted string")
        try:
            return json.loads(text)
        except ValueError:
            raise YamlError(f"line {lineno}: double-quoted string the reader cannot decode") from None
    if text.startswith("'"):
        if not text.endswith("'") or len(text) < 2:
            raise YamlError(f"line {lineno}: unterminated single-quoted string")
        return text[1:-1].replace("''", "'")
    if text.startswith(("&", "*", "!", "%", "@", "`")):
        raise YamlError(f"line {lineno}: {text[0]!r} (anchors, tags, directives) is outside the harness YAML subset")
    if text in _NULLS:
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if _INT.match(text):
        return int(text.replace("_", ""))
    if _OCTAL.match(text):  # YAML 1.1: a leading zero means octal
        return int(text.replace("_", ""), 8)
    if _HEX.match(text):
        return int(text.replace("_", ""), 16)
    if _FLOAT.match(text) and any(c.isdigit() for c in text):
        return float(text.replace("_", ""))
    return text


def _split_flow(inner: str, lineno: int) -> list[str]:
    parts, depth, quote, cur = [], 0, None, ""
    for ch in inner:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if quote or depth:
        raise YamlError(f"line {lineno}: unbalanced flow collection")
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


def _value(text: str, lineno: int):
    text = text.strip()
    if text.startswith("["):
        if not text.endswith("]"):
            raise YamlError(f"line {lineno}: flow list must close on the same line")
        return [_value(p, lineno) for p in _split_flow(text[1:-1], lineno)]
    if text.startswith("{"):
        if not text.endswith("}"):
            raise YamlError(f"line {lineno}: flow mapping must close on the same line")
        out = {}
        for part in _split_flow(text[1:-1], lineno):
            key, sep, val = part.partition(":")
            if not sep:
                raise YamlError(f"line {lineno}: flow mapping entry without ':'")
            out[_scalar(key, lineno)] = _value(val, lineno)
        return out
    return _scalar(text, lineno)


def _key_split(content: str):
    """('key', 'rest') when the line is a mapping entry, else None."""
    if content.startswith(('"', "'")):
        quote = content[0]
        end = content.find(quote, 1)
        if end > 0 and content[end + 1:end + 2] == ":" and content[end + 2:end + 3] in ("", " "):
            return content[:end + 1], content[end + 2:]
        return None
    m = re.match(r"^([^\s:#\[\]{},][^:#]*?)\s*:(\s+|$)(.*)$", content)
    if m:
        return m.group(1), m.group(3)
    return None


def parse_yaml(text: str):
    raw = text.splitlines()
    for n, line in enumerate(raw, 1):
        if "\t" in line[: len(line) - len(line.lstrip())]:
            raise YamlError(f"line {n}: tab used for indentation")
        if line.strip() in ("---", "...") and n > 1:
            raise YamlError(f"line {n}: several YAML documents in one file")
    rows = []  # (indent, content, lineno, raw_line)
    for n, line in enumerate(raw, 1):
        if line.strip() == "---" and n == 1:
            continue
        content = _strip_comment(line)
        if content.strip():
            rows.append((len(content) - len(content.lstrip()), content.strip(), n, line))
    if not rows:
        return None
    pos = 0

    def block(indent: int):
        nonlocal pos
        if rows[pos][1].startswith("- ") or rows[pos][1] == "-":
            return seq(indent)
        return mapping(indent)

    def block_scalar(header: str, parent_indent: int, lineno: int):
        nonlocal pos
        style, chomp = header[0], header[1:2]
        lines = []
        body_indent = None
        # block scalars keep comment-looking text and blank lines: read the raw lines
        start = lineno  # raw index of the first body line (lineno is 1-based header line)
        i = start
        while i < len(raw):
            line = raw[i]
            if line.strip() == "":
                lines.append("")
                i += 1
                continue
            ind = len(line) - len(line.lstrip())
            if ind <= parent_indent:
                break
            body_indent = ind if body_indent is None else body_indent
            lines.append(line[body_indent:])
            i += 1
        while pos < len(rows) and rows[pos][2] <= i:
            pos += 1
        while lines and lines[-1] == "" and chomp != "+":
            lines.pop()
        if style == "|":
            out = "\n".join(lines)
        else:
            out = ""
            for ln in lines:
                out += ("\n" if ln == "" else (" " if out and not out.endswith("\n") else "")) + (ln if ln else "")
        return out if chomp == "-" else out + "\n"

    def child_value(rest: str, indent: int, lineno: int):
        nonlocal pos
        rest = rest.strip()
        if rest in ("|", "|-", "|+", ">", ">-", ">+"):
            return block_scalar(rest, indent, lineno)
        if rest:
            return _value(rest, lineno)
        if pos < len(rows) and (rows[pos][0] > indent or
                                (rows[pos][0] == indent and rows[pos][1].startswith("-"))):
            return block(rows[pos][0])
        return None

    def mapping(indent: int):
        nonlocal pos
        out = {}
        while pos < len(rows) and rows[pos][0] == indent and not rows[pos][1].startswith("- "):
            ind, content, n, _ = rows[pos]
            kv = _key_split(content)
            if kv is None:
                raise YamlError(f"line {n}: expected 'key: value'")
            key = _scalar(kv[0], n)
            pos += 1
            out[key] = child_value(kv[1], indent, n)
        if pos < len(rows) and rows[pos][0] > indent:
            raise YamlError(f"line {rows[pos][2]}: unexpected indentation")
        return out

    def seq(indent: int):
        nonlocal pos
        out = []
        while pos < len(rows) and rows[pos][0] == indent and (rows[pos][1].startswith("- ") or rows[pos][1] == "-"):
            ind, content, n, _ = rows[pos]
            item = content[1:].strip()
            pos += 1
            if not item:
                out.append(child_value("", indent, n))
                continue
            kv = _key_split(item)
            if kv is not None and not item.startswith(("[", "{")):
                # "- key: value" starts a mapping whose keys sit two columns right of the dash
                inner = indent + (len(content) - len(item))
                rows.insert(pos, (inner, item, n, ""))
                out.append(mapping(inner))
            else:
                out.append(_value(item, n))
        return out

    result = block(rows[0][0])
    if pos < len(rows):
        raise YamlError(f"line {rows[pos][2]}: unexpected content")
    return result


# ============================================================================ manifest and discovery
def _manifest_file(folder: Path) -> Path | None:
    for name in ("plugin.yaml", "plugin.yml"):
        if (folder / name).is_file():
            return folder / name
    return None


def sniff_kind(folder: Path) -> tuple[str, str | None]:
    init = folder / "__init__.py"
    head = init.read_text(encoding="utf-8", errors="replace")[:8192] if init.is_file() else ""
    if "register_memory_provider" in head or "MemoryProvider" in head:
        return "exclusive", "no kind in plugin.yaml and __init__.py mentions a memory provider: kind=exclusive"
    if "register_provider" in head and "ProviderProfile" in head:
        return "model-provider", "no kind in plugin.yaml and __init__.py looks like a model provider: kind=model-provider"
    return "standalone", None


def read_manifest(folder: Path, key: str | None = None) -> dict:
    f = _manifest_file(folder)
    if f is None:
        raise YamlError(f"no plugin.yaml in {folder}")
    data = parse_yaml(f.read_text(encoding="utf-8"))
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise YamlError(f"{f.name} is not a mapping")
    notes = []
    kind = data.get("kind")
    if "kind" in data:
        kind = str(kind).strip().lower() if kind is not None else "standalone"
        if kind not in KINDS:
            notes.append(f"unknown kind {kind!r}: treated as standalone")
            kind = "standalone"
    else:
        kind, note = sniff_kind(folder)
        if note:
            notes.append(note)
    name = data.get("name") or folder.name
    version = data.get("version")
    return {
        "key": key or str(name),
        "name": str(name),
        "version": "" if version is None else str(version),
        "description": data.get("description") or "",
        "author": data.get("author") or "",
        "kind": kind,
        "requires_env": data.get("requires_env") or [],
        "provides_tools": data.get("provides_tools") or [],
        "provides_hooks": data.get("provides_hooks") or [],
        "manifest_version": data.get("manifest_version"),
        "install_refused": _install_refusal(data.get("manifest_version")),
        "path": str(folder),
        "notes": notes,
    }


def _install_refusal(mv) -> str | None:
    # `hermes plugins install` (v0.19) accepts only an integer <= 1; the loader itself ignores the field.
    if mv is None:
        return None
    if isinstance(mv, bool) or not isinstance(mv, int):
        return f"manifest_version {mv!r} is not an integer: `hermes plugins install` refuses it"
    if mv > 1:
        return f"manifest_version {mv} > 1: `hermes plugins install` refuses it"
    return None


def discover(root: Path) -> list[tuple[str, Path]]:
    """[(key, folder)] in Hermes's order: one plugin folder, or a root scanned alphabetically,
    where a folder without a manifest is a category scanned one level deeper."""
    if _manifest_file(root):
        return [("", root)]
    found = []
    for child in sorted(p for p in root.iterdir() if p.is_dir()):
        if _manifest_file(child):
            found.append(("", child))
        else:
            for grand in sorted(p for p in child.iterdir() if p.is_dir()):
                if _manifest_file(grand):
                    found.append((f"{child.name}/{grand.name}", grand))
    return found


def read_gate(config_path: Path | None) -> dict:
    if config_path is None:
        return {"applied": False, "enabled": None, "disabled": []}
    if not config_path.is_file():
        return {"applied": True, "enabled": None, "disabled": [], "note": "config.yaml not found"}
    data = parse_yaml(config_path.read_text(encoding="utf-8")) or {}
    plugins = data.get("plugins") if isinstance(data, dict) else None
    plugins = plugins if isinstance(plugins, dict) else {}
    enabled = plugins.get("enabled")
    disabled = plugins.get("disabled") or []
    return {"applied": True,
            "enabled": [str(x) for x in enabled] if isinstance(enabled, list) else None,
            "disabled": [str(x) for x in disabled] if isinstance(disabled, list) else []}


# ============================================================================ the host
class PluginContext:
    """What register(ctx) receives: records registrations."""

    def __init__(self, host: "Host", manifest: dict):
        self._host = host
        self._key = manifest["key"]
        self.manifest = types.SimpleNamespace(**manifest)
        self.profile_name = "default"

    def register_hook(self, hook_name, callback):
        if hook_name not in self._host.valid_hooks:
            warn(f"plugin '{self._key}' registered unknown hook '{hook_name}' (kept anyway)")
        self._host.hooks.setdefault(hook_name, []).append((self._key, callback))

    def register_tool(self, name, toolset, schema, handler, check_fn=None, requires_env=None,
                      is_async=False, description="", emoji="", override=False):
        self._host.registered["tools"].append(name)

    def register_command(self, name, handler, description="", args_hint=""):
        self._host.registered["commands"].append(name)

    def register_cli_command(self, name, help, setup_fn, handler_fn=None, description=""):
        self._host.registered["cli_commands"].append(name)

    def register_middleware(self, kind, callback):
        self._host.registered["middleware"].append(kind)

    def register_skill(self, name, path, description=""):
        self._host.registered["skills"].append(f"{self._key}:{name}")

    def inject_message(self, content, role="user"):
        return True  # the CLI accepts injected messages

    def __getattr__(self, name):
        if name.startswith("register_"):
            def record(*_a, **_k):
                self._host.registered["other"].append(name)
            return record
        raise AttributeError(name)


_TIMED_OUT = object()


class Host:
    def __init__(self, semantics: str = "v0.19", timeout: float = 30.0, approver: str = "none"):
        self.semantics, self.timeout, self.approver = semantics, timeout, approver
        self.valid_hooks = HOOKS_V019 | (HOOKS_ADDED_LATER if semantics == "v0.21" else frozenset())
        self.hooks: dict[str, list] = {}
        self.registered = {"tools": [], "commands": [], "cli_commands": [], "middleware": [], "skills": [], "other": []}
        self.plugins: list[dict] = []

    # ---------------------------------------------------------------- loading
    def load(self, root: Path, gate: dict) -> list[dict]:
        if os.environ.get("HERMES_SAFE_MODE", "").strip().lower() in ("1", "true", "yes", "on"):
            warn("HERMES_SAFE_MODE is set: plugin discovery skipped")
            return self.plugins
        for key, folder in discover(root):
            try:
                manifest = read_manifest(folder, key or None)
            except (YamlError, OSError, UnicodeDecodeError) as exc:
                warn(f"skipping plugin manifest in {folder}: {exc}")
                self.plugins.append({"path": str(folder), "loaded": False, "error": f"manifest: {exc}"})
                continue
            self.plugins.append(self._load_one(folder, manifest, gate))
        return self.plugins

    def _load_one(self, folder: Path, manifest: dict, gate: dict) -> dict:
        info = {**manifest, "loaded": False, "error": None, "hooks": []}
        names = {manifest["key"], manifest["name"]}
        if gate["applied"] and names & set(gate["disabled"]):
            info["error"] = "disabled via config"
        elif manifest["kind"] in ("exclusive", "model-provider"):
            info["error"] = f"kind {manifest['kind']} is loaded by its own loader, not as a general plugin"
        elif gate["applied"] and not names & set(gate["enabled"] or []):
            info["error"] = f"not enabled in config (run `hermes plugins enable {manifest['key']}`)"
        if info["error"]:
            return info
        before = {h: len(cbs) for h, cbs in self.hooks.items()}
        try:
            module = self._import(folder, manifest["key"])
            register = getattr(module, "register", None)
            if register is None:
                info["error"] = "no register() function"
            else:
                register(PluginContext(self, manifest))
                info["loaded"] = True
        except Exception as exc:
            warn(f"Failed to load plugin '{manifest['key']}': {exc}")
            info["error"] = f"{type(exc).__name__}: {exc}"
        # hooks added before a failure stay registered and keep firing
        info["hooks"] = [h for h, cbs in self.hooks.items() if len(cbs) > before.get(h, 0)]
        return info

    @staticmethod
    def _import(folder: Path, key: str):
        init = folder / "__init__.py"
        if not init.is_file():
            raise FileNotFoundError(f"no __init__.py in {folder}")
        if "hermes_plugins" not in sys.modules:
            namespace = types.ModuleType("hermes_plugins")
            namespace.__path__ = []  # type: ignore[attr-defined]
            sys.modules["hermes_plugins"] = namespace
        name = "hermes_plugins." + key.replace("/", "__").replace("-", "_")
        spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(folder)])
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot import {init}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module

    # ---------------------------------------------------------------- dispatch
    def invoke(self, hook: str, **kwargs) -> tuple[list, list]:
        kwargs["telemetry_schema_version"] = TELEMETRY_SCHEMA
        results, trace = [], []
        for key, cb in list(self.hooks.get(hook, [])):
            label = f"{key}:{getattr(cb, '__name__', type(cb).__name__)}"
            try:
                if self.semantics == "v0.19":
                    value = cb(**kwargs)
                    if inspect.iscoroutine(value):
                        value.close()  # collected, never awaited: its body never runs
                        trace.append({"callback": label, "outcome": "async callback never awaited"})
                        results.append(_NeverAwaited())
                        continue
                else:
                    value = self._call_v021(hook, cb, kwargs)
                    if value is _TIMED_OUT:
                        trace.append({"callback": label, "outcome": f"timed out after {self.timeout:g}s"})
                        if hook == "pre_tool_call":
                            results.append({"action": "block", "message": TIMEOUT_BLOCK_V021})
                        continue
            except Exception as exc:
                warn(f"Hook '{hook}' callback {label} raised: {type(exc).__name__}: {exc}")
                trace.append({"callback": label, "outcome": f"raised {type(exc).__name__}: {exc}"})
                if self.semantics == "v0.21" and hook == "pre_tool_call":
                    results.append({"action": "block", "message":
                                    f"pre_tool_call plugin callback {label} raised {type(exc).__name__}: {exc}"})
                continue
            trace.append({"callback": label, "outcome": "returned" if value is not None else "returned None"})
            if value is not None:
                results.append(value)
        return results, trace

    def _call_v021(self, hook, cb, kwargs):
        call_kwargs = kwargs
        try:
            params = inspect.signature(cb).parameters
            if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
                call_kwargs = {k: v for k, v in kwargs.items() if k in params and params[k].kind in
                               (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)}
        except (TypeError, ValueError):
            pass

        def run():
            value = cb(**call_kwargs)
            return asyncio.run(value) if inspect.iscoroutine(value) else value

        if hook not in BOUNDED_V021 or self.timeout <= 0:
            return run()
        box, done = {}, threading.Event()

        def worker():
            try:
                box["value"] = run()
            except BaseException as exc:
                box["error"] = exc
            finally:
                done.set()

        threading.Thread(target=worker, daemon=True).start()
        if not done.wait(self.timeout):
            return _TIMED_OUT  # the worker is abandoned, still running
        if "error" in box:
            raise box["error"]
        return box.get("value")

    # ---------------------------------------------------------------- consumers
    def pre_tool_call(self, tool_name: str, args, ids: dict) -> dict:
        args = args if isinstance(args, dict) else {}
        # v0.19 runs the tool with the dict the callbacks were given: a plugin that edits it in place rewrites the call
        before = _fingerprint(args)
        results, trace = self.invoke(
            "pre_tool_call", tool_name=tool_name, args=args, task_id=ids.get("task_id", ""),
            session_id=ids.get("session_id", ""), tool_call_id=ids.get("tool_call_id", ""),
            turn_id=ids.get("turn_id", ""), api_request_id=ids.get("api_request_id", ""),
            middleware_trace=list(ids.get("middleware_trace") or []))
        directive, message, rule_key, merged = None, None, None, None
        for r in results:
            if not isinstance(r, dict):
                continue
            action = r.get("action")
            if action == "modify" and self.semantics == "v0.21":
                if isinstance(r.get("args"), dict) and r["args"]:
                    merged = {**(merged if merged is not None else args), **r["args"]}
                continue
            if action not in ("block", "approve"):
                continue
            text = r.get("message") if isinstance(r.get("message"), str) and r.get("message") else None
            if action == "block" and text is None:
                continue  # a block without a message is ignored
            directive, message = action, text
            if action == "approve" and isinstance(r.get("rule_key"), str) and r["rule_key"].strip():
                rule_key = r["rule_key"].strip()
            break
        block = None
        if directive == "block":
            block = message
        elif directive == "approve" and self.approver != "approve":
            why = message or f"Plugin requires approval for {tool_name}"
            block = (f"BLOCKED: Tool '{tool_name}' requires approval ({why}) but no interactive user or "
                     "gateway is present to approve it. A plugin flagged this action for human confirmation.")
        out = {"hook": "pre_tool_call", "tool_name": tool_name, "directive": directive, "rule_key": rule_key,
               "blocked": block is not None, "tool_called": block is None, "error": block,
               "model_sees": json.dumps({"error": block}, ensure_ascii=False) if block is not None else None,
               "trace": trace}
        if merged is not None:
            out["args_after_modify"] = merged
        elif _fingerprint(args) != before:
            out["args_after_modify"] = args
        if block is not None:
            self.invoke("post_tool_call", tool_name=tool_name, args=args, result=out["model_sees"],
                        task_id=ids.get("task_id", ""), session_id=ids.get("session_id", ""),
                        tool_call_id=ids.get("tool_call_id", ""), turn_id=ids.get("turn_id", ""),
                        api_request_id=ids.get("api_request_id", ""), duration_ms=0, status="blocked",
                        error_type="plugin_block", error_message=block, middleware_trace=[])
        return out

    def pre_llm_call(self, user_content, kwargs: dict) -> dict:
        results, trace = self.invoke("pre_llm_call", **kwargs)
        pieces = []
        for r in results:
            if isinstance(r, dict) and r.get("context"):
                pieces.append(str(r["context"]))
            elif isinstance(r, str) and r.strip():
                pieces.append(r)
        context = "\n\n".join(pieces)
        dropped = bool(context) and not isinstance(user_content, str)
        sent = user_content + "\n\n" + context if context and isinstance(user_content, str) else user_content
        return {"hook": "pre_llm_call", "context": context or None, "user_message_sent": sent,
                "context_dropped_non_text_message": dropped,
                "pieces_over_spill_limit": sum(1 for p in pieces if len(p) > SPILL_CHARS), "trace": trace}

    def pre_verify(self, kwargs: dict) -> dict:
        results, trace = self.invoke("pre_verify", **kwargs)
        for r in results:
            if isinstance(r, dict):
                action = str(r.get("action") or r.get("decision") or "").strip().lower()
                text = r.get("message") or r.get("reason")
                if action in ("continue", "block") and isinstance(text, str) and text.strip():
                    return {"hook": "pre_verify", "continue_with": text.strip(), "trace": trace}
        return {"hook": "pre_verify", "continue_with": None, "trace": trace}

    def first_string(self, hook: str, kwargs: dict, non_empty: bool = False) -> dict:
        results, trace = self.invoke(hook, **kwargs)
        for r in results:
            if isinstance(r, str) and (r or not non_empty):
                return {"hook": hook, "replacement": r, "trace": trace}
        return {"hook": hook, "replacement": None, "trace": trace}

    def gateway_dispatch(self, kwargs: dict) -> dict:
        results, trace = self.invoke("pre_gateway_dispatch", **kwargs)
        for r in results:
            if isinstance(r, dict) and r.get("action") in ("skip", "rewrite", "allow"):
                return {"hook": "pre_gateway_dispatch", "directive": r, "trace": trace}
        return {"hook": "pre_gateway_dispatch", "directive": None, "trace": trace}

    def fire(self, hook: str, kwargs: dict) -> dict:
        kw = dict(kwargs)
        kw.pop("telemetry_schema_version", None)
        for field in LIVE_OBJECT_FIELDS.get(hook, ()):
            if field in kw:
                kw[field] = HostObject(field)
        kw = _live_objects(kw)
        if hook == "pre_tool_call":
            return self.pre_tool_call(kw.pop("tool_name", ""), kw.pop("args", {}), kw)
        if hook == "pre_llm_call":
            return self.pre_llm_call(kw.get("user_message", ""), kw)
        if hook == "pre_verify":
            return self.pre_verify(kw)
        if hook in ("transform_tool_result", "transform_terminal_output"):
            return self.first_string(hook, kw)
        if hook == "transform_llm_output":
            return self.first_string(hook, kw, non_empty=True)
        if hook == "pre_gateway_dispatch":
            return self.gateway_dispatch(kw)
        results, trace = self.invoke(hook, **kw)
        return {"hook": hook, "returns_ignored": len(results), "trace": trace}


class HostObject:
    """Stands in for a live Hermes / SDK object in hook kwargs: not JSON-encodable."""

    def __init__(self, label: str):
        self.label = label

    def __repr__(self):
        return f"<HostObject {self.label}>"

    __str__ = __repr__


class _NeverAwaited:
    def __repr__(self):
        return "<coroutine never awaited>"


def _live_objects(value):
    """{"$object": "Label"} in a kwargs file becomes a live object (SDK messages and the like)."""
    if isinstance(value, dict):
        if set(value) == {"$object"}:
            return HostObject(str(value["$object"]))
        return {k: _live_objects(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_live_objects(v) for v in value]
    return value


def hook_of(path: Path) -> str:
    return path.stem.split("-", 1)[0]


# ============================================================================ a CLI turn
_V4A_PATH = re.compile(r"^\*\*\* (Update|Add|Delete) File: (.+)$|^\*\*\* Move File: (.+?) -> (.+)$", re.M)


def changed_paths(tool_name: str, args: dict) -> list[str]:
    if tool_name == "write_file" and isinstance(args.get("path"), str):
        return [args["path"]]
    if tool_name == "patch":
        if args.get("mode", "replace") == "replace" and isinstance(args.get("path"), str):
            return [args["path"]]
        paths = []
        for m in _V4A_PATH.finditer(str(args.get("patch") or "")):
            paths += [m.group(2)] if m.group(2) else [m.group(3), m.group(4)]
        return [p.strip() for p in paths]
    return []


def emulate_live_cwd(task: str, cwd: str) -> None:
    """Stand in for Hermes's own record of a task's live terminal folder (what a `cd` in its terminal
    leaves behind): a ``tools.file_tools`` module whose ``_resolve_base_dir(task_id)`` names it, as
    0.19.0's does. Only scenarios that set ``live_cwd`` get the module; the others see none."""
    module = sys.modules.get("tools.file_tools")
    if module is None:
        import types
        module = types.ModuleType("tools.file_tools")
        module.live = {}
        module._resolve_base_dir = lambda task_id="default", **_: Path(module.live.get(task_id or "default", os.getcwd()))
        sys.modules["tools.file_tools"] = module
    module.live[task] = cwd


def run_turn(host: Host, scenario: dict) -> dict:
    """One interactive-CLI turn: on_session_start (first turn only), pre_llm_call, every scripted tool
    call (pre_tool_call, then post_tool_call + transform_tool_result when the tool runs), pre_verify when
    files changed, transform_llm_output, post_llm_call, on_session_end. Tools are not executed: a scripted
    "result" (default "{}") stands for what the tool returned."""
    sid = scenario.get("session_id", "20261129_141503_7c2e9a")
    task = scenario.get("task_id", sid)  # the interactive CLI passes task_id = session_id
    turn = f"{sid}:{task}:{scenario.get('turn_hex', '5d41a0b2')}"
    model, platform = scenario.get("model", "test/model"), scenario.get("platform", "cli")
    user_message = scenario.get("user_message", "")
    user_content = scenario.get("user_content", user_message)
    history = list(scenario.get("history") or [])
    fired = []
    if not history:
        host.fire("on_session_start", {"session_id": sid, "model": model, "platform": platform})
        fired.append("on_session_start")
    history.append({"role": "user", "content": user_content})
    llm = host.pre_llm_call(user_content, {
        "session_id": sid, "task_id": task, "turn_id": turn, "user_message": user_message,
        "conversation_history": history, "is_first_turn": len(history) == 1, "model": model,
        "platform": platform, "sender_id": scenario.get("sender_id", "")})
    fired.append("pre_llm_call")
    calls, edited = [], []
    for i, call in enumerate(scenario.get("tool_calls") or []):
        tool, args = call.get("tool_name", ""), call.get("args") if isinstance(call.get("args"), dict) else {}
        if isinstance(call.get("live_cwd"), str):
            emulate_live_cwd(task, call["live_cwd"])
        ids = {"task_id": task, "session_id": sid, "tool_call_id": call.get("tool_call_id", f"call_{i}_turn"),
               "turn_id": turn, "api_request_id": f"{turn}:api:{i + 1}", "middleware_trace": []}
        decision = host.pre_tool_call(tool, args, ids)
        fired.append("pre_tool_call")
        row = {"tool_name": tool, "tool_called": decision["tool_called"], "directive": decision["directive"],
               "error": decision["error"], "model_sees": decision["model_sees"]}
        if decision["tool_called"]:
            result = call.get("result", "{}")
            used_args = decision.get("args_after_modify", args)
            common = {"tool_name": tool, "args": used_args, "result": result, **{k: ids[k] for k in (
                "task_id", "session_id", "tool_call_id", "turn_id", "api_request_id")},
                "duration_ms": 1, "status": "ok", "error_type": None, "error_message": None}
            host.invoke("post_tool_call", **common, middleware_trace=[])
            replaced = host.first_string("transform_tool_result", common)
            row["model_sees"] = replaced["replacement"] if replaced["replacement"] is not None else result
            if "args_after_modify" in decision:
                row["args_after_modify"] = decision["args_after_modify"]
            edited += changed_paths(tool, used_args)
            fired += ["post_tool_call", "transform_tool_result"]
        else:
            fired.append("post_tool_call")
        calls.append(row)
    final = scenario.get("final_response", "")
    nudge = None
    if final and edited:
        nudge = host.pre_verify({"session_id": sid, "platform": platform, "model": model, "coding": True,
                                 "attempt": 0, "final_response": final, "changed_paths": edited})["continue_with"]
        fired.append("pre_verify")
    if final:
        replaced = host.first_string("transform_llm_output", {"response_text": final, "session_id": sid,
                                                              "model": model, "platform": platform}, non_empty=True)
        final = replaced["replacement"] or final
        host.invoke("post_llm_call", session_id=sid, task_id=task, turn_id=turn, user_message=user_message,
                    assistant_response=final, conversation_history=history, model=model, platform=platform)
        fired += ["transform_llm_output", "post_llm_call"]
    host.invoke("on_session_end", session_id=sid, task_id=task, turn_id=turn, completed=bool(final),
                interrupted=False, model=model, platform=platform)
    fired.append("on_session_end")
    return {"user_message_sent": llm["user_message_sent"], "context": llm["context"],
            "context_dropped_non_text_message": llm["context_dropped_non_text_message"],
            "tool_calls": calls, "verify_nudge": nudge, "final_response": final, "hooks_fired": fired}


# ============================================================================ commands
def _read_json(path: str):
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SystemExit(_usage_error(f"file not found: {path}"))
    except ValueError as exc:
        raise SystemExit(_usage_error(f"{path} is not valid JSON: {exc}"))


def _usage_error(text: str) -> int:
    sys.stderr.write(f"harness: {text}\n")
    return 2


def _percentile(sorted_values: list[float], p: float) -> float:
    index = max(0, min(len(sorted_values) - 1, round(p / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[index]


def bench(host: Host, kwargs: dict, count: int, threads: int, keep_results: bool) -> dict:
    kw = dict(kwargs)
    kw.pop("telemetry_schema_version", None)
    tool, args = kw.pop("tool_name", "terminal"), kw.pop("args", {})
    timings = [0.0] * count
    rows = [None] * count

    def one(i: int):
        ids = {**kw, "tool_call_id": f"call_bench_{i}"}
        t0 = time.perf_counter()
        out = host.pre_tool_call(tool, args, ids)
        timings[i] = (time.perf_counter() - t0) * 1000
        rows[i] = {"tool_call_id": ids["tool_call_id"], "blocked": out["blocked"], "error": out["error"]}

    if threads <= 1:
        for i in range(count):
            one(i)
    else:
        def worker(start: int):
            for i in range(start, count, threads):
                one(i)
        pool = [threading.Thread(target=worker, args=(t,)) for t in range(threads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()
    ordered = sorted(timings)
    out = {"count": count, "threads": threads, "first_ms": round(timings[0], 3),
           "median_ms": round(statistics.median(ordered), 3), "p99_ms": round(_percentile(ordered, 99), 3),
           "max_ms": round(ordered[-1], 3), "blocked": sum(1 for r in rows if r["blocked"]),
           "allowed": sum(1 for r in rows if not r["blocked"])}
    if keep_results:
        out["results"] = rows
    return out


def serve(host: Host) -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if request.get("op") == "pid":
                reply = {"pid": os.getpid()}
            else:
                reply = host.fire(str(request["hook"]), request.get("kwargs") or {})
        except Exception as exc:  # a bad request line is answered, not fatal
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(reply, default=str) + "\n")
        sys.stdout.flush()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="harness.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=("load", "fire", "fixtures", "turn", "bench", "serve"))
    ap.add_argument("plugins", help="a plugin folder or a plugins root")
    ap.add_argument("target", nargs="?", help="kwargs file, fixture folder or scenario")
    ap.add_argument("--semantics", choices=("v0.19", "v0.21"), default="v0.19")
    ap.add_argument("--timeout", type=float, default=30.0, help="v0.21 hook callback timeout, seconds")
    ap.add_argument("--config", help="config.yaml whose plugins.enabled / plugins.disabled gate applies")
    ap.add_argument("--approver", choices=("none", "approve"), default="none")
    ap.add_argument("--hook", help="fire: hook name (default: from the file name)")
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--results", action="store_true")
    a = ap.parse_args(argv)
    root = Path(a.plugins)
    if not root.is_dir():
        return _usage_error(f"plugin folder not found: {a.plugins}")
    if a.command in ("fire", "fixtures", "turn", "bench") and not a.target:
        return _usage_error(f"{a.command} needs a target file or folder")
    host = Host(a.semantics, a.timeout, a.approver)
    try:
        gate = read_gate(Path(a.config) if a.config else None)
    except YamlError as exc:
        return _usage_error(f"config {a.config}: {exc}")
    host.load(root.resolve(), gate)
    if a.command == "load":
        print(json.dumps({"semantics": a.semantics, "gate": gate, "plugins": host.plugins,
                          "hooks": {h: [k for k, _ in cbs] for h, cbs in host.hooks.items()},
                          "registered": host.registered}, indent=2, default=str))
    elif a.command == "fire":
        target = Path(a.target)
        print(json.dumps(host.fire(a.hook or hook_of(target), _read_json(a.target)), indent=2, default=str))
    elif a.command == "fixtures":
        folder = Path(a.target)
        if not folder.is_dir():
            return _usage_error(f"fixture folder not found: {a.target}")
        rows = []
        for f in sorted(folder.glob("*.json")):
            r = host.fire(hook_of(f), _read_json(str(f)))
            r.pop("trace", None)
            rows.append({"fixture": f.name, **r})
        print(json.dumps({"semantics": a.semantics, "fixtures": rows}, indent=2, default=str))
    elif a.command == "turn":
        print(json.dumps(run_turn(host, _read_json(a.target)), indent=2, default=str))
    elif a.command == "bench":
        if a.count < 1 or a.threads < 1:
            return _usage_error("--count and --threads must be at least 1")
        print(json.dumps(bench(host, _read_json(a.target), a.count, a.threads, a.results), indent=2))
    else:
        serve(host)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    code = main()
    # the plugin's exit handlers run as in Hermes (the shim ends its child there); then the process
    # leaves without interpreter finalization, where a daemon thread of the plugin still writing to
    # stderr can hold its lock and abort the run
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code if isinstance(code, int) else (0 if code is None else 1))
