/**
 * A one-liner whose code spells one of stopline's own paths: the guard does not read the code,
 * so the name is the fact it has. Such code is stopped as self-protection in every session,
 * contract or not, on every host's shell tool; a proven read of the same file stays free, and
 * code that names no protected path is judged as before.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../core/registry/index';
import { armed, HOME, reviewVerdictOf, shellTools, toolVerdict, verdictOf } from '../floor/helpers';

const CONFIG = `${HOME}/.config/stopline/config.json`;

const STOPPED: readonly string[] = [
  `python3 -c "open('${CONFIG}', 'w').write('{}')"`,
  `python3 -c "import os; os.remove(os.path.expanduser('~/.config/stopline/config.json'))"`,
  `node -e "require('fs').writeFileSync('${CONFIG}', '{}')"`,
  `perl -e 'unlink "${CONFIG}"'`,
  `ruby -e 'File.write("${CONFIG}", "{}")'`,
  // the project's own stopline folder, by a relative name
  `python3 -c "import shutil; shutil.copy('/tmp/x.json', '.stopline/config.json')"`,
  // wrapped: the code still reaches the interpreter
  `env FOO=1 python3 -c "open('${CONFIG}', 'a').write('x')"`,
];

const FREE_NO_CONTRACT: readonly string[] = [
  `python3 -c "print('hello')"`,
  `python3 -c "open('out.txt', 'w').write('x')"`,
  // a proven read of stopline's own file is a read
  `cat ${CONFIG}`,
];

describe("one-liners that spell stopline's own paths", () => {
  it.each(STOPPED)('%s: stopped with no contract and under review', (command) => {
    expect(verdictOf(command)).toBe('deny GUARD_SELF_PROTECTION');
    expect(reviewVerdictOf(command)).toBe('deny GUARD_SELF_PROTECTION');
    expect(verdictOf(command, { contract: armed('change') })).toBe('deny GUARD_SELF_PROTECTION');
  });

  it.each(FREE_NO_CONTRACT)('%s: free with no contract', (command) => {
    expect(verdictOf(command)).toBe('allow CONTROL_INACTIVE');
  });

  it("on every host's shell tool", () => {
    const tools = shellTools(Object.values(REGISTRIES));
    expect(tools.length).toBeGreaterThan(10);
    for (const { registry, tool } of tools) {
      expect(toolVerdict(registry, tool, STOPPED[0]!), `${registry.displayName} ${tool.name}`).toBe('deny GUARD_SELF_PROTECTION');
      expect(toolVerdict(registry, tool, FREE_NO_CONTRACT[1]!), `${registry.displayName} ${tool.name}`).toBe('allow CONTROL_INACTIVE');
    }
  });
});
