#!/usr/bin/env python3
"""Drives the stopline plugin inside stopline's Hermes emulator (test/hosts/hermes/harness.py), with an
environment that may change between hook calls.

harness.py ``serve`` fires hooks with the environment the process started with. The shim reads its
fail-mode settings (STOPLINE_FAIL_OPEN, STOPLINE_FAIL_MODE, STOPLINE_CONFIG, ...) from os.environ on
every call, as it would inside a long-running Hermes, so one process can walk a whole matrix of
settings. Everything else is the harness's own loading and dispatch.

  hermes_shim_driver.py PLUGINS CONFIG.yaml
  stdin, one request per line:  {"env": {"NAME": "value" | null}, "hook": "pre_tool_call", "kwargs": {...}}
  stdout, one answer per line:  the harness's result for that hook, or {"error": "..."} for a bad line
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "hosts" / "hermes"))
import harness  # noqa: E402  (the emulator; found through the path above)


def apply_env(changes: dict) -> None:
    for name, value in changes.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = str(value)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        sys.stderr.write("usage: hermes_shim_driver.py PLUGINS CONFIG.yaml\n")
        return 2
    host = harness.Host("v0.19")
    host.load(Path(argv[0]).resolve(), harness.read_gate(Path(argv[1])))
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            apply_env(request.get("env") or {})
            reply = host.fire(str(request["hook"]), request.get("kwargs") or {})
            reply.pop("trace", None)
        except Exception as exc:  # a bad request is answered, the driver keeps going
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(reply, default=str) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
