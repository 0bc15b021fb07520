"""Test instrument of the real-Hermes suite: appends one JSON line per hook call to
$STOPLINE_TEST_CLOCK_FILE with the monotonic time it was called. Two copies (aaa-clock and
zzz-clock) bracket stopline's callbacks; it never returns a value, so it changes no decision."""
import json
import os
import threading
import time

HOOKS = ("pre_llm_call", "pre_tool_call", "post_tool_call", "on_session_start", "on_session_end",
         "on_session_finalize", "subagent_start", "subagent_stop", "pre_verify")
_WHO = os.path.basename(os.path.dirname(os.path.abspath(__file__)))
_LOCK = threading.Lock()


def _callback(hook):
    def callback(**kwargs):
        t = time.perf_counter_ns()
        path = os.environ.get("STOPLINE_TEST_CLOCK_FILE")
        if not path:
            return None
        line = json.dumps({"who": _WHO, "hook": hook, "ns": t, "pid": os.getpid(), "thread": threading.get_ident(),
                           "tool": kwargs.get("tool_name"), "call": kwargs.get("tool_call_id")})
        with _LOCK, open(path, "a", encoding="utf-8") as f:
            f.write(line + "\n")
        return None
    return callback


def register(ctx):
    for hook in HOOKS:
        ctx.register_hook(hook, _callback(hook))
