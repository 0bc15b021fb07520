"""Spawn timer for the bench: one resident process that starts each measured command and
reports its wall time (spawn to exit) and its own CPU time (user + sys from wait4, microsecond
resolution, which a loaded machine distorts far less than wall time).

Protocol: one JSON request per stdin line {"argv": [...], "stdin": "...", "env": {...}, "cwd": "..."};
one JSON answer per stdout line {"wall_ms", "user_ms", "sys_ms", "code", "stdout", "stderr"}.
It is resident so its own start-up never lands inside a measurement.
"""
import json
import os
import subprocess
import sys
import tempfile
import time


def run(req):
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        data = req.get("stdin", "").encode()
        start = time.perf_counter_ns()
        proc = subprocess.Popen(req["argv"], stdin=subprocess.PIPE, stdout=out, stderr=err,
                                env=req.get("env"), cwd=req.get("cwd"))
        try:
            proc.stdin.write(data)
        except BrokenPipeError:
            pass  # a hook may exit before reading stdin; that is its right
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass
        _, status, usage = os.wait4(proc.pid, 0)
        wall = (time.perf_counter_ns() - start) / 1e6
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return {
            "wall_ms": wall,
            "user_ms": usage.ru_utime * 1000,
            "sys_ms": usage.ru_stime * 1000,
            "code": proc.returncode,
            "stdout": out.read(req.get("max_stdout", 4000)).decode("utf8", "replace"),
            "stderr": err.read(2000).decode("utf8", "replace"),
        }


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer = run(json.loads(line))
        except Exception as e:  # report, never die: the bench decides what a failure means
            answer = {"error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
