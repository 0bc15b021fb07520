// Node side of bench/timer.py: a promise per measured spawn, one request at a time (the
// measurement must never overlap another measurement of ours).
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./timer.py', import.meta.url));

/** The real interpreter behind any pyenv-style shim, so the shim is paid once, not per run. */
function pythonExecutable() {
  const r = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  if (r.status !== 0 || !r.stdout.trim()) throw new Error('the bench needs python3 on PATH (its spawn timer reads child CPU time with wait4)');
  return r.stdout.trim();
}

export class SpawnTimer {
  constructor() {
    this.python = pythonExecutable();
    this.child = spawn(this.python, ['-u', SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.waiting = [];
    createInterface({ input: this.child.stdout }).on('line', (line) => this.waiting.shift()?.(JSON.parse(line)));
  }

  /**
   * @param {string[]} argv @param {{ stdin?: string, env?: Record<string,string>, cwd?: string, maxStdout?: number }} [opts] (stdout is cut at maxStdout bytes)
   * @returns {Promise<{ wall_ms: number, user_ms: number, sys_ms: number, code: number, stdout: string, stderr: string, error?: string }>}
   */
  run(argv, { stdin = '', env = process.env, cwd = process.cwd(), maxStdout = 4000 } = {}) {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.stdin.write(JSON.stringify({ argv, stdin, env, cwd, max_stdout: maxStdout }) + '\n');
    });
  }

  close() {
    this.child.stdin.end();
  }
}
