/**
 * Turning confinement off: `confine=off` in a directive (and back with `confine=on`), `"confine":
 * false` in the person's config, STOPLINE_CONFINE=0. Each gives the answer from before
 * (asked, or denied where nobody can approve); a new mode directive starts with it on again.
 */
import { describe, expect, it } from 'vitest';
import { applyCorrection, applyDirective } from '../../../core/contract/amend';
import { parsePromptCommand } from '../../../core/contract/grammar';
import type { DirectiveSpec } from '../../../core/contract/grammar';
import { freshContract } from '../../../core/contract/types';
import { contractLine } from '../../../core/messages/render';
import { driver, sandbox, writeUserFile } from '../contract/helpers';

const settings = { defaults: { deps: 'ask', hash: 'deny', agents: 'allow' } as const, armLevel: 'guard' as const };
const spec = (text: string): DirectiveSpec => {
  const p = parsePromptCommand(text);
  if (p.kind !== 'directive') throw new Error(JSON.stringify(p));
  return p.directive;
};
const UNPROVEN = { name: 'Bash', canonicalName: 'Bash', mutability: 'unknown' as const, affectedPaths: null, command: 'make test' };

describe('the directive', () => {
  it('reads confine=off and confine=on; any other value, or two values, leaves the contract as it was', () => {
    expect(spec('$stopline review confine=off -- x').confine).toBe(false);
    expect(spec('$stopline confine=on').confine).toBe(true);
    expect(spec('$stopline review -- x').confine).toBeUndefined();
    expect(parsePromptCommand('$stopline review confine=maybe -- x')).toMatchObject({ kind: 'error', code: 'INVALID_POLICY_VALUE' });
    expect(parsePromptCommand('$stopline review confine=off confine=on -- x')).toMatchObject({ kind: 'error', code: 'CONFLICTING_DIRECTIVE' });
  });

  it('a mode directive starts on unless it says off; an amendment keeps what was said; a correction keeps it', () => {
    const off = applyDirective(freshContract(), spec('$stopline review confine=off -- x'), settings);
    if (!off.ok) throw new Error('not applied');
    expect(off.contract.confine).toBe(false);
    expect(contractLine(off.contract)).toContain('| confine=off');
    const amended = applyDirective(off.contract, spec('$stopline files=src/**'), settings);
    expect(amended.ok && amended.contract.confine).toBe(false);
    const corrected = applyCorrection(off.contract, { mode: 'change', rule: 'x' } as never, settings);
    expect(corrected?.confine).toBe(false);
    const fresh = applyDirective(off.contract, spec('$stopline change -- y'), settings);
    expect(fresh.ok && 'confine' in fresh.contract).toBe(false);
    const on = applyDirective(off.contract, spec('$stopline confine=on'), settings);
    expect(on.ok && 'confine' in on.contract).toBe(false);
    expect(contractLine(freshContract())).not.toContain('confine');
  });
});

describe('each switch gives the answer from before (needs bubblewrap for the "on" side)', () => {
  const act = (env: Record<string, string> = {}, directive = '$stopline review -- x', userConfig?: object) => {
    const sb = sandbox(env);
    if (userConfig) {
      writeUserFile(sb.home, userConfig);
    }
    const d = driver(sb, { canRewrite: true });
    d.prompt(directive);
    const o = d.act(UNPROVEN);
    return `${o.kind} ${o.reasonCode}`;
  };

  it('on by default', () => expect(act()).toBe('rewrite CONFINED'));
  it('confine=off in the directive, kept in the session state', () => expect(act({}, '$stopline review confine=off -- x')).toBe('deny MUTABILITY_UNPROVEN'));
  it('"confine": false in the user config', () => expect(act({}, '$stopline review -- x', { confine: false })).toBe('deny MUTABILITY_UNPROVEN'));
  it('STOPLINE_CONFINE=0', () => expect(act({ STOPLINE_CONFINE: '0' })).toBe('deny MUTABILITY_UNPROVEN'));
  it('no sandbox on PATH', () => expect(act({ PATH: '/nonexistent' })).toBe('deny MUTABILITY_UNPROVEN'));
  it('a door that cannot rewrite', () => {
    const d = driver(sandbox(), {});
    d.prompt('$stopline review -- x');
    expect(d.act(UNPROVEN).kind).toBe('deny');
  });
});
