"""Run Claude Code's interactive interface in a pseudo-terminal and read its screen.

usage: tui.py <claude> <project> <prompt> <at most this many seconds after Enter> [claude args...]
The environment (HOME, the fake model's URL, ...) is the caller's. Prints one JSON object:
{"before": <the screen before the prompt>, "after": <the screen after it>}, each the rows of a
small terminal emulator (cursor moves, erases, printing), since the interface redraws only the
cells that change. Python standard library only.
"""
import json
import os
import pty
import re
import select
import signal
import sys
import time

claude, project, prompt, wait = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
extra = sys.argv[5:]

pid, fd = pty.fork()
if pid == 0:
    os.chdir(project)
    os.environ['TERM'] = 'xterm-256color'
    os.execv(claude, [claude] + extra)

import fcntl  # noqa: E402
import struct  # noqa: E402
import termios  # noqa: E402

fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 40, 140, 0, 0))
screen = b''


def pump(seconds):
    global screen
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            screen += data


ROWS, COLS = 40, 140
TOKEN = re.compile(r'\x1b\[([0-9;?<>=]*)([ -/]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1bP[^\x1b]*\x1b\\|[\s\S]')


def render():
    """The screen after everything written so far: rows of characters."""
    grid = [[' '] * COLS for _ in range(ROWS)]
    r = c = 0
    for m in TOKEN.finditer(screen.decode('utf-8', 'replace')):
        tok = m.group(0)
        if m.group(3) is not None:
            params = [int(p) if p.isdigit() else 0 for p in m.group(1).lstrip('?<>=').split(';')] if m.group(1) else []
            n = params[0] if params and params[0] > 0 else 1
            final = m.group(3)
            if final == 'A':
                r = max(0, r - n)
            elif final == 'B':
                r = min(ROWS - 1, r + n)
            elif final == 'C':
                c = min(COLS - 1, c + n)
            elif final == 'D':
                c = max(0, c - n)
            elif final == 'G':
                c = min(COLS - 1, n - 1)
            elif final in 'Hf':
                r = min(ROWS - 1, (params[0] if params and params[0] > 0 else 1) - 1)
                c = min(COLS - 1, (params[1] if len(params) > 1 and params[1] > 0 else 1) - 1)
            elif final == 'K':
                mode = params[0] if params else 0
                lo, hi = (c, COLS) if mode == 0 else (0, c + 1) if mode == 1 else (0, COLS)
                for i in range(lo, hi):
                    grid[r][i] = ' '
            elif final == 'J':
                mode = params[0] if params else 0
                rows = range(r + 1, ROWS) if mode == 0 else range(0, r) if mode == 1 else range(ROWS)
                for i in rows:
                    grid[i] = [' '] * COLS
                if mode in (0, 2):
                    for i in range(c, COLS):
                        grid[r][i] = ' '
            continue
        if len(tok) > 1 or tok == '\x1b':
            continue
        if tok == '\r':
            c = 0
        elif tok == '\n':
            if r == ROWS - 1:
                grid = grid[1:] + [[' '] * COLS]
            else:
                r += 1
        elif tok == '\b':
            c = max(0, c - 1)
        elif tok >= ' ':
            if c >= COLS:
                c = 0
                if r == ROWS - 1:
                    grid = grid[1:] + [[' '] * COLS]
                else:
                    r += 1
            grid[r][c] = tok
            c += 1
    return '\n'.join(''.join(row).rstrip() for row in grid)


def pump_until(done, seconds):
    """Read until `done(screen)` holds or `seconds` pass: a bound on a hang, not a latency check."""
    end = time.time() + seconds
    while time.time() < end:
        pump(0.25)
        if done(render()):
            return


def input_ready(text):
    # the input box: a line that starts with the prompt mark, under a horizontal rule
    lines = text.split('\n')
    return any(line.startswith('\u276f') and i > 0 and lines[i - 1].startswith('\u2500') for i, line in enumerate(lines))


# a loaded machine may take far longer than usual to draw the input box: typing earlier is lost
pump_until(input_ready, 90)
pump(0.5)
before = render()
os.write(fd, prompt.encode())
pump(1)
os.write(fd, b'\r')
# `wait` bounds how long the answer may take to show; the screen is read once the band is drawn
pump_until(lambda text: 'stopline ARMED' in text, wait)
pump(0.5)
after = render()
print(json.dumps({'before': before, 'after': after}))
try:
    os.kill(pid, signal.SIGTERM)
    pump(1)
    os.kill(pid, signal.SIGKILL)
except OSError:
    pass
