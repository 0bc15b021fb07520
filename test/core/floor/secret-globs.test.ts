/**
 * A glob the shell fills in before the program runs reads every file it matches: one whose
 * pattern can match a secret's name (`.env*`, `*.pem`, `id_*`) reads that secret, through any
 * reader. A glob that matches no secret's name, and a program that only looks at names, stay free.
 */
import { describe, expect, it } from 'vitest';
import { reviewVerdictOf, verdictOf } from './helpers';

const STOPPED: readonly string[] = [
  'cat .env*',
  'cat config/.env.*',
  'base64 *.pem',
  'cat *.key',
  'cp .env* /tmp/',
  'tar czf x.tgz .env*',
  'cat ~/.aws/cred*',
  'xxd ~/.ssh/id_e*',
];

const FREE: readonly string[] = ['cat *.md', 'cat src/*', 'wc -l *.ts', 'ls .env*', 'rm -f .env*', 'stat *.pem'];

describe('a glob that the shell fills with a secret name', () => {
  it.each(STOPPED)('%s reads a secret', (command) => expect(verdictOf(command)).toBe('deny FLOOR_SECRET_READ'));
  it.each(FREE)('%s stays free', (command) => expect(verdictOf(command)).toBe('allow CONTROL_INACTIVE'));
  it('the same under review', () => {
    for (const command of STOPPED) expect(reviewVerdictOf(command), command).toBe('deny FLOOR_SECRET_READ');
  });
});
