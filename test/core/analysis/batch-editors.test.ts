/**
 * vim/ex in silent Ex mode and ed with a here-document script (core/analysis/editors.ts): a script
 * that only prints is a read; one that writes is a write of the files it names (a plain name, or
 * every file the editor was given for a write with no name); a name the editor expands, a write
 * to a command, a write inside :g, or a write of the current file with no file given stays unknown.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';

const cwd = '/home/dev/project';
const home = '/home/dev';
const run = (cmd: string) => {
  const a = analyzeShell(cmd, { cwd, home });
  return { mutability: a.mutability, paths: a.affectedPaths };
};

describe('batch editors: a writing script places its files', () => {
  it.each([
    ["vim -es -c '%s/a/b/g' -c 'wq' notes.txt", ['notes.txt']],
    ["vim -es -c 'g/a/d' -c 'x' notes.txt", ['notes.txt']],
    ["ex -s +'%s/a/A/g' +wq notes.txt", ['notes.txt']],
    ["vim -es -c '%s/a/b/g' -c 'update' -c 'q!' notes.txt", ['notes.txt']],
    ["vim -es -c 'w out.txt' -c 'q!' notes.txt", ['out.txt']],
    ["vim -es -c 'w! >> log/out.txt' -c 'q!' notes.txt", ['log/out.txt']],
    ["vim -es -c 'sav copy.txt' -c 'x' notes.txt", ['notes.txt', 'copy.txt']],
    ["vim -es -c 'redir > r.txt' -c '%p' -c 'redir END' -c 'q!' notes.txt", ['r.txt']],
    ["vim -es -c '%s/a/b/g' -c 'wa' -c 'q!' a.txt b.txt", ['a.txt', 'b.txt']],
    ["vim -es -c '%s/a/b/g' -c 'wq' -- -odd.txt", ['-odd.txt']],
    ["vim -es -c 'w ../up.txt' -c 'q!' notes.txt", ['/home/dev/up.txt']],
    ["ed -s notes.txt <<< $',s/a/b/\\nw\\nq'", ['notes.txt']],
    ["ed -s notes.txt <<< $'2d\\nwq'", ['notes.txt']],
    ["ed -s notes.txt <<< $'1,2w part.txt\\nq'", ['part.txt']],
  ])('%s writes %j', (cmd, paths) => {
    expect(run(cmd)).toEqual({ mutability: 'write', paths });
  });

  it.each([
    "vim -es -c '%p' -c 'q!' notes.txt",
    "vim -es -c '%s/a/b/g' -c 'q!' notes.txt",
    "vim -es -c 'redir END' -c 'q!' notes.txt",
    "ed -s notes.txt <<< $',p\\nq'",
    // the buffer changes, nothing is written
    "ed -s notes.txt <<< $',s/a/b/g\\n,p\\nQ'",
    "ed -s notes.txt <<< $'2d\\n1m$\\n,p\\nQ'",
  ])('%s is a read', (cmd) => {
    expect(run(cmd).mutability).toBe('read');
  });

  it.each([
    // names vim expands: the buffer name, home, a variable, a wildcard
    "vim -es -c 'w %.bak' -c 'q!' notes.txt",
    "vim -es -c 'w ~/x.txt' -c 'q!' notes.txt",
    "vim -es -c 'w $HOME/x.txt' -c 'q!' notes.txt",
    "vim -es -c 'w *.txt' -c 'q!' notes.txt",
    // a write to a command, a write option, a write once per matching line
    "vim -es -c 'w !sh' -c 'q!' notes.txt",
    "vim -es -c 'w ++enc=latin1 x.txt' -c 'q!' notes.txt",
    "vim -es -c 'g/a/w! >> g.txt' -c 'q!' notes.txt",
    // a redirection to a register or variable, :saveas without a name, wa with a name
    "vim -es -c 'redir => v' -c 'q!' notes.txt",
    "vim -es -c 'sav' -c 'q!' notes.txt",
    // no file given: the current buffer has no name this guard can place
    "vim -es -c 'wq'",
    // no final quit: more commands come from stdin
    "vim -es -c 'w' notes.txt",
    // not silent Ex mode
    "vim -c 'wq' notes.txt",
    "ed -s notes.txt <<< $'w !cat > piped.txt\\nq'",
    "ed -s notes.txt <<< $'r !ls\\nw\\nq'",
    "ed -s notes.txt <<< $'a\\nhello\\n.\\nw\\nq'",
    "ed -s notes.txt <<< $'w ~/x\\nq'",
  ])('%s stays unknown', (cmd) => {
    expect(run(cmd).mutability).toBe('unknown');
  });
});
