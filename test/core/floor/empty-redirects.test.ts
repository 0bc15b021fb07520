/**
 * Output that is provably nothing, redirected into a file, empties it as `truncate -s0` does:
 * `: > ~/.zshrc`, a bare `> ~/.bashrc`, `true > /etc/hosts`, and `cp /dev/null ~/.bashrc` are
 * truncations outside the project.
 * The same inside the project or a temp folder, an append, and real output stay free.
 */
import { describe, expect, it } from 'vitest';
import { reviewVerdictOf, verdictOf } from './helpers';

const STOPPED: readonly string[] = [': > ~/.zshrc', '> ~/.bashrc', 'true > /etc/hosts', ': > "$HOME/.zshrc"', 'cd ~ && : > .profile', 'cp /dev/null ~/.bashrc', 'sudo cp /dev/null /var/log/syslog'];

const FREE: readonly string[] = ['cp /dev/null app.log', 'cp /dev/null /tmp/x.log', ': > log.txt', '> build/out.txt', ': > /tmp/x.log', ': >> ~/.bashrc', 'echo hi > ~/notes.txt', 'npm test > /tmp/log 2>&1'];

describe('a file emptied by a redirection of no output', () => {
  it.each(STOPPED)('%s is a truncation outside the project', (command) => expect(verdictOf(command)).toBe('deny FLOOR_WHOLESALE_DELETE'));
  it.each(FREE)('%s stays free', (command) => expect(verdictOf(command)).toBe('allow CONTROL_INACTIVE'));
  it('the same under review', () => {
    for (const command of STOPPED) expect(reviewVerdictOf(command), command).toBe('deny FLOOR_WHOLESALE_DELETE');
  });
});
