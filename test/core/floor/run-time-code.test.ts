/**
 * Code and names the command only builds when it runs: a command name put together by a
 * substitution or a variable, a wrapper's input turned into code, a module or a git setting,
 * a shell's start-up file, variables an earlier command exported, a file name decoded at run
 * time, and a find whose name test reaches into `.git`. What the analysis can work out is judged
 * for what it is; what it cannot is unproven, never a read.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../core/registry/index';
import { judge, reviewVerdictOf, shellTools, toolAction, toolVerdict, verdictOf } from './helpers';

const ASK = 'ask FLOOR_UNSEEN_CODE';
const FREE = 'allow CONTROL_INACTIVE';

describe('a command name built at run time', () => {
  it('a name a substitution or an unknown variable makes is unproven code', () => {
    for (const c of ['xargs g$(printf it) reset --hard', 'parallel c$(echo h)mod -R 777 ::: dir', 'find . -exec `which shred` {} +', 'find . -exec $(printf rm) -f {} \\;', 'CMD=$(cat plan.txt); $CMD', 'bash -c "$TASK_LINE"', "bash -c '$NEXT_STEP --force'"])
      expect(verdictOf(c), c).toBe(ASK);
  });

  it('a name whose value this command gave it is judged as that command', () => {
    expect(verdictOf(`sh -c 'IFS=:; $*' _ 'git:reset:--hard'`)).toBe('deny FLOOR_GIT_DISCARD');
    expect(verdictOf(`sh -c '$@' _ rm -rf ~`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`T='git clean -fdx'; $T`)).toBe('deny FLOOR_GIT_DISCARD');
  });

  it('a whole line a variable holds, run as one name, is judged for what it shows', () => {
    // no program has the line's name, so as written it fails; the next try, unquoted, would not
    expect(verdictOf(`W='rm -rf ~'; "$W"`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(reviewVerdictOf(`W='git reset --hard'; "$W" && echo done`)).toBe('deny FLOOR_GIT_DISCARD');
    // split on `:` the one word stays one word: the whole line as one name, as with `"$W"`
    expect(verdictOf(`sh -c 'IFS=:; $*' _ 'git reset --hard'`)).toBe('deny FLOOR_GIT_DISCARD');
    // a program's path with blanks in a folder name is a name, not a line
    expect(verdictOf(`X="/opt/my tools/bin/run"; "$X" --version`)).toBe(FREE);
  });

  it('a name that cannot run, or only describes itself, stays free', () => {
    // quoted, `$*` joins its words with `:` into one name
    expect(verdictOf(`sh -c 'IFS=:; "$*"' _ git reset --hard`)).toBe(FREE);
    expect(verdictOf(`sh -c '$@ $@' _ true true`)).toBe(FREE);
    expect(verdictOf('"$TOOL" --version')).toBe(FREE);
    expect(verdictOf('$EDITOR notes.md')).toBe(FREE);
    expect(verdictOf('echo "v${Date.now()}"')).toBe(FREE);
  });
});

describe("a wrapper's input that becomes code", () => {
  it('a module, a git setting or an awk command filled in from the input is unproven', () => {
    for (const c of ['xargs -I{} python3 -m {}', 'parallel python -m {}', 'parallel git -c {} fetch', `parallel awk 'BEGIN { system("{} --go") }'`, `xargs -I% sh -c 'step=$1; "$step"' _ %`])
      expect(verdictOf(c), c).toBe(ASK);
  });

  it('the same shapes with the words written out are judged for what they run', () => {
    expect(verdictOf('parallel python -m {} ::: http.server')).toBe(FREE);
    expect(verdictOf('python3 -m pytest')).toBe(FREE);
  });

  it('xargs -0 and -d fed text written out: each delimited piece is one word, quotes and blanks kept, so a shell gets the whole line as code', () => {
    for (const c of [`echo 'rm -rf ~' | xargs -d '\\n' bash -c`, `printf 'rm -rf ~\\n' | xargs -0 sh -c`, `printf 'rm -rf ~,x' | xargs -d , sh -c`, `echo 'rm -rf ~' | xargs --delimiter='\\012' sh -c`])
      expect(verdictOf(c), c).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`echo 'git reset --hard' | xargs -d '\\n' sh -c`)).toBe('deny FLOOR_GIT_DISCARD');
    // the same pieces handed to a program as its words are judged as words
    expect(verdictOf(`printf 'build\\ndist\\n' | xargs -d '\\n' rm -rf`)).toBe(FREE);
    expect(verdictOf(`printf 'build\\n/srv/data\\n' | xargs -d '\\n' rm -rf`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`echo 'echo hi' | xargs -d '\\n' sh -c`)).toBe(FREE);
    // a delimiter only known at run time, or one xargs refuses: the code stays unseen
    expect(verdictOf(`echo 'echo hi' | xargs -d "$D" sh -c`)).toBe(ASK);
    expect(verdictOf(`echo 'echo hi' | xargs -d '\\q' sh -c`)).toBe(ASK);
  });
  it('xargs -I fed lines written out in the same command: each line in place of the string is judged', () => {
    expect(verdictOf(`printf 'rm -rf ~\\n' | xargs -I{} sh -c {}`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`echo 'git clean -fdx' | xargs -I% bash -c %`)).toBe('deny FLOOR_GIT_DISCARD');
    expect(verdictOf(`printf 'out\\n/srv/data\\n' | xargs -I{} rm -rf {}`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`printf 'echo hi\\n' | xargs -I{} sh -c {}`)).toBe(FREE);
    expect(verdictOf(`printf 'out\\ngen\\n' | xargs -I{} rm -rf {}`)).toBe(FREE);
    // read another way (NUL-separated), or fed from a file: the lines are not known
    expect(verdictOf(`printf 'echo hi\\n' | xargs -0 -I{} sh -c {}`)).toBe(ASK);
    expect(verdictOf('cat steps.txt | xargs -I{} sh -c {}')).toBe(ASK);
    for (const { registry, tool } of shellTools(Object.values(REGISTRIES))) {
      expect(toolVerdict(registry, tool, `printf 'rm -rf ~\\n' | xargs -I{} sh -c {}`), `${registry.displayName} ${tool.name}`).toBe('deny FLOOR_WHOLESALE_DELETE');
      expect(toolVerdict(registry, tool, `printf 'echo hi\\n' | xargs -I{} sh -c {}`), `${registry.displayName} ${tool.name}`).toBe(FREE);
    }
  });

  it('a sourced file searched for along a path only known at run time is unproven', () => {
    expect(verdictOf('. -p "$PLUGIN_DIR" setup.sh')).toBe(ASK);
    expect(verdictOf('source -p ./scripts setup.sh')).toBe(FREE);
  });
});

describe("a shell's start-up file", () => {
  it('BASH_ENV before a non-interactive bash, ENV and --rcfile before an interactive shell are unproven', () => {
    for (const c of ['BASH_ENV=~/.agent-rc bash build.sh', 'BASH_ENV="$RC" bash -c make', 'env BASH_ENV=./rc bash build.sh', 'ENV=./rc sh -i build.sh', 'ENV=./rc dash -i', 'bash --rcfile ./rc -i', 'bash --init-file=./rc -i build.sh', 'export BASH_ENV=./rc; bash build.sh'])
      expect(verdictOf(c), c).toBe(ASK);
  });

  it('a start-up file the shell does not read, or one this command wrote out, is judged as it is', () => {
    for (const c of ['BASH_ENV=./rc bash -i', 'ENV=./rc sh build.sh', 'bash --rcfile ./rc build.sh', 'BASH_ENV=/dev/null bash build.sh', 'BASH_ENV= bash build.sh'])
      expect(verdictOf(c), c).toBe(FREE);
    expect(verdictOf(`cat > rc <<'EOF'\ngit stash clear\nEOF\nBASH_ENV=rc bash build.sh`)).toBe('deny FLOOR_GIT_DISCARD');
    expect(verdictOf(`cat > rc <<'EOF'\necho ready\nEOF\nBASH_ENV=rc bash build.sh`)).toBe(FREE);
    // written out, then replaced by a file nobody has read
    expect(verdictOf(`cat > rc <<'EOF'\necho ready\nEOF\ncp ~/Downloads/rc rc\nBASH_ENV=rc bash build.sh`)).toBe(ASK);
  });
});

describe('variables an earlier command exported', () => {
  it('reach every later command of the line', () => {
    expect(verdictOf(`export GIT_SSH_COMMAND='rm -rf ~'; git fetch`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`export GIT_PAGER_X=1 GIT_SSH_COMMAND='cat ~/.ssh/id_ed25519' && git ls-remote origin`)).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf(`GIT_SSH_COMMAND='rm -rf ~'; export GIT_SSH_COMMAND; git pull`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`declare -x GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='git clean -fdx'; git log`)).toBe('deny FLOOR_GIT_DISCARD');
    expect(verdictOf('export GIT_SSH_COMMAND="$WRAPPER"; git fetch')).toBe(ASK);
  });

  it('an unset or a plain assignment changes nothing later, and a harmless value stays free', () => {
    expect(verdictOf(`export GIT_SSH_COMMAND='rm -rf ~'; unset GIT_SSH_COMMAND; git fetch`)).toBe(FREE);
    expect(verdictOf(`GIT_SSH_COMMAND='rm -rf ~'; git fetch`)).toBe(FREE);
    expect(verdictOf(`export GIT_SSH_COMMAND='ssh -i ./deploy_key_path -o BatchMode=yes'; git fetch`)).toBe(FREE);
    expect(verdictOf('export NODE_ENV=production; npm run build')).toBe(FREE);
  });
});

describe('a file name decoded at run time', () => {
  it('what a base64 substitution decodes to is the file read', () => {
    // `.env`, `~/.ssh/id_ed25519`, `.npmrc`
    expect(verdictOf('cat $(echo LmVudg== | base64 -d)')).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf('head -1 `printf %s fi8uc3NoL2lkX2VkMjU1MTk= | base64 --decode`')).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf('f=$(base64 -d <<< Lm5wbXJj); grep token "$f"')).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf(`n=$(echo Lm5wbXJj | base64 -d); python3 -c "print(open('$n').read())"`)).toBe('deny FLOOR_SECRET_READ');
    // `notes.md`
    expect(verdictOf('cat $(echo bm90ZXMubWQ= | base64 -d)')).toBe(FREE);
  });

  it('a name another decoder makes cannot be proven not to be a secret', () => {
    expect(verdictOf('cat $(echo 2e656e76 | xxd -r -p)')).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf(`less $(echo vne. | rev)`)).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf('cat $(ls | head -1)')).toBe(FREE);
  });

  it('a one-liner that decodes the name it opens', () => {
    expect(verdictOf(`node -e "require('fs').readFileSync(Buffer.from('fi8uYXdzL2NyZWRlbnRpYWxz', 'base64').toString())"`)).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf(`python3 -c "import base64; print(open(base64.b64decode('LmVudg==').decode()).read())"`)).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf(`python3 -c "import base64; print(open(base64.b64decode('UkVBRE1FLm1k').decode()).read())"`)).toBe(FREE);
  });
});

describe("find reaching the project's .git", () => {
  it('a name test that picks what .git holds deletes history or hooks (code)', () => {
    for (const c of ['find . -name hooks -execdir rm -rf {} +', 'find . -name objects -exec rm -r {} +', 'find . -name pre-commit -delete', 'find . -iname HEAD -delete', "find . -path '*/.git/refs' -exec rm -rf {} +", 'find . -name .git -exec rm -rf {} +'])
      expect(verdictOf(c), c).toBe('deny FLOOR_WHOLESALE_DELETE');
  });

  it('build output and caches stay free, as does a find that leaves .git out', () => {
    for (const c of ['find . -name "*.pyc" -delete', 'find . -type d -name __pycache__ -exec rm -rf {} +', 'find . -name node_modules -prune -exec rm -rf {} +', "find . -path ./.git -prune -o -name config -delete", 'find build -name hooks -delete'])
      expect(verdictOf(c), c).toBe(FREE);
  });
});

describe('every host shell tool', () => {
  for (const { registry, tool } of shellTools(Object.values(REGISTRIES))) {
    it(`${registry.displayName} ${tool.name}`, () => {
      const v = (command: string) => toolVerdict(registry, tool, command);
      expect(v('xargs r$(printf m) -rf')).toBe(ASK);
      expect(v('BASH_ENV=./rc bash build.sh')).toBe(ASK);
      expect(v(`export GIT_SSH_COMMAND='rm -rf ~'; git fetch`)).toBe('deny FLOOR_WHOLESALE_DELETE');
      expect(v('cat $(echo LmVudg== | base64 -d)')).toBe('deny FLOOR_SECRET_READ');
      expect(v('find . -name hooks -execdir rm -rf {} +')).toBe('deny FLOOR_WHOLESALE_DELETE');
      expect(v('find . -name "*.pyc" -delete')).toBe(FREE);
    });
  }
});

describe('every host write and edit tool with a file:// address', () => {
  for (const registry of Object.values(REGISTRIES)) {
    for (const t of registry.tools.filter((x) => (x.kind === 'write' || x.kind === 'multi-edit') && (x.pathFields?.length ?? 0) > 0 && !x.kindBy)) {
      it(`${registry.displayName} ${t.name}`, () => {
        const field = t.pathFields![0]!;
        const content = t.contentFields?.[0] ?? 'content';
        const v = (path: string) => {
          const d = judge(toolAction(registry, t.name, { [field]: path, [content]: 'x\n' }));
          return `${d.outcome} ${d.reasonCode}`;
        };
        expect(v('file:///home/u/.aws/credentials')).toBe('deny FLOOR_SECRET_READ');
        expect(v('file:///home/u/.ssh/authorized_keys')).toBe('deny FLOOR_SECRET_READ');
        expect(v('file://localhost/w/p/.env')).toBe('deny FLOOR_SECRET_READ');
      });
    }
  }
});

describe('under a contract', () => {
  it('the same facts stop the command under review', () => {
    expect(reviewVerdictOf('cat $(echo LmVudg== | base64 -d)')).toBe('deny FLOOR_SECRET_READ');
    expect(reviewVerdictOf(`export GIT_SSH_COMMAND='rm -rf ~'; git fetch`)).toBe('deny FLOOR_WHOLESALE_DELETE');
  });
});
