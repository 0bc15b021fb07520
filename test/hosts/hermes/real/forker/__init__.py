"""Test instrument of the evaluator-lifetime suite: at the first pre_tool_call of a Hermes process,
fork (no exec) one helper that sleeps, then exits; its PID goes to $STOPLINE_TEST_FORK_FILE so the
test can end it. It returns no value, so it changes no decision."""
import os
import time

_forked = False


def _pre_tool_call(**_kwargs):
    global _forked
    path = os.environ.get("STOPLINE_TEST_FORK_FILE")
    if _forked or not path:
        return None
    _forked = True
    pid = os.fork()
    if pid == 0:
        try:
            time.sleep(float(os.environ.get("STOPLINE_TEST_FORK_SECONDS", "120")))
        finally:
            os._exit(0)
    with open(path, "a", encoding="utf-8") as f:
        f.write(f"{pid}\n")
    return None


def register(ctx):
    ctx.register_hook("pre_tool_call", _pre_tool_call)
