/**
 * The parity checker's reading of a confined answer: the short form every host is handed (the
 * system shell, a launcher script in stopline's data folder inside this run, the model's command
 * as one quoted word) or the sandbox wrapper inline. Anything else a host was handed in place of
 * the model's command fails the scenario.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handedBackConfined } from './parity';

const root = mkdtempSync(join(tmpdir(), 'stopline-confined-form-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const folder = join(root, 'home', '.local', 'share', 'stopline', 'confined');
mkdirSync(folder, { recursive: true });
const name = `${'0a'.repeat(20)}.sh`;
const script = join(folder, name);
writeFileSync(script, `#!/bin/sh\n'/usr/bin/bwrap' '--ro-bind' '/' '/' '--' '/bin/bash' '-c' "$1"; (exit "$?")\n`);
const plain = join(folder, `${'0b'.repeat(20)}.sh`);
writeFileSync(plain, '#!/bin/sh\nbash -c "$1"\n');

describe('what the parity checker counts as handed back confined', () => {
  it('the short form with a launcher of this run, and the inline wrapper', () => {
    expect(handedBackConfined(`'/bin/sh' '${script}' 'npm test'`, root)).toBe(true);
    expect(handedBackConfined(`'/bin/sh' '${script}' 'echo '\\''a b'\\'''`, root)).toBe(true);
    expect(handedBackConfined(`'/usr/bin/bwrap' '--ro-bind' '/' '/' '--' '/bin/bash' '-c' 'npm test'`, root)).toBe(true);
  });

  it('not: more after the command, a script outside this run, a missing one, one without the sandbox, a hook rewrite', () => {
    expect(handedBackConfined(`'/bin/sh' '${script}' 'npm test'; rm -rf x`, root)).toBe(false);
    expect(handedBackConfined(`'/bin/sh' '${script}' 'npm test'`, join(root, 'elsewhere'))).toBe(false);
    expect(handedBackConfined(`'/bin/sh' '${join(folder, `${'0c'.repeat(20)}.sh`)}' 'npm test'`, root)).toBe(false);
    expect(handedBackConfined(`'/bin/sh' '${plain}' 'npm test'`, root)).toBe(false);
    expect(handedBackConfined(`sh ${script} 'npm test'`, root)).toBe(false);
    expect(handedBackConfined('npm test --silent', root)).toBe(false);
  });
});
