/**
 * The PowerShell walker (Claude Code's PowerShell tool, `pwsh -c`): statements (`;`, `&&`, `||`,
 * newlines) and pipelines over the token tree of powershell-lex.ts; each command goes to the
 * cmdlet table (powershell-cmdlets.ts) or, for a native program (git, npm), to the POSIX program
 * table. Sub-expressions, script blocks and `$(…)` in strings are walked as code where they run.
 * Invoke-Expression, Start-Process, .NET calls and anything unlisted are unknown.
 */
import { noteReads, notePlacedHazard, pastLimits, runArgv, resolveDir, type Scope, type Walk } from './apply';
import { contentIntents, isNullDevice, resolvePath } from './collect';
import { MAX_NESTING } from './limits';
import { Collector } from './collect';
import { cmdletTable, NATIVE_OUTSIDE_WINDOWS, resolveParam, splitCommas, type CmdletSpec } from './powershell-cmdlets';
import { lexPowerShell, type PsCode, type PsError, type PsToken } from './powershell-lex';
import type { StdinInfo } from './verdict';
import { literalArg, type Arg } from './words';

type Tok = PsToken;

const KEYWORDS = new Set(['if', 'elseif', 'else', 'foreach', 'for', 'while', 'do', 'until', 'switch', 'try', 'catch', 'finally', 'function', 'filter', 'param', 'return', 'throw', 'break', 'continue', 'exit', 'trap', 'begin', 'process', 'end', 'class', 'enum', 'using', 'data', 'dynamicparam', 'workflow', 'parallel', 'sequence', 'inlinescript']);

export function walkPowerShell(w: Walk, source: string, scope: Scope, depth: number, why: string): void {
  if (pastLimits(w, source, depth, why)) return;
  const lexed = lexPowerShell(source, { home: w.base.home }, 0, depth);
  walkTokens(w, lexed.tokens, lexed.errors, scope, depth, why);
}

/** Walk one level of tokens; the lexer's errors at this level make the result unknown. */
function walkTokens(w: Walk, toks: Tok[], errors: PsError[], scope: Scope, depth: number, why: string): void {
  if (errors.length) w.col.unknown('(powershell)', `${why ? why + ': ' : ''}PowerShell the tokenizer cannot read (${errors.slice(0, 3).map((e) => e.message).join(', ')})`);
  // split into statements (; && || newline) and pipelines (|)
  let stmt: Tok[][] = [[]];
  const flush = () => {
    const cmds = stmt.filter((c) => c.length > 0);
    // what a later command of the pipe reads comes from the network once an earlier one downloads
    let download = false;
    cmds.forEach((c, i) => {
      runCommand(w, c, scope, depth, i > 0 ? { kind: 'pipe', ...(download ? { download: true } : {}) } : { kind: 'tty' });
      if (downloadsHere(c)) download = true;
    });
    stmt = [[]];
  };
  for (const t of toks) {
    if (t.t === 'op' && (t.op === ';' || t.op === '&&' || t.op === '||')) flush();
    else if (t.t === 'op' && t.op === '|') stmt.push([]);
    else stmt[stmt.length - 1]!.push(t);
  }
  flush();
}

/** Cmdlets and programs that fetch a web address (`iwr`, `irm`, `curl`, `Start-BitsTransfer`). */
const PS_DOWNLOADERS = new Set(['invoke-webrequest', 'iwr', 'invoke-restmethod', 'irm', 'curl', 'curl.exe', 'wget', 'wget.exe', 'start-bitstransfer']);

/** Cmdlets that run a string as PowerShell code. */
const PS_EVALUATORS = new Set(['invoke-expression', 'iex']);

/** Whether a command downloads: its name is a downloader, or it calls a WebClient's Download… method. */
function downloadsHere(toks: readonly Tok[]): boolean {
  const head = toks.find((t) => t.t !== 'redir');
  if (head && head.t === 'word' && head.value !== null && PS_DOWNLOADERS.has(head.value.toLowerCase())) return true;
  return toks.some((t) => (t.t === 'dyn' && /\.Download(String|Data)\b/i.test(t.text)) || ((t.t === 'sub' || t.t === 'block') && t.body.tokens !== null && downloadsHere(t.body.tokens)));
}

/** `iwr … | iex`, `iex (irm …)`: downloaded text run as code before anyone read it. */
function downloadRunAsCode(w: Walk, name: string, rest: readonly Tok[], stdin: StdinInfo): void {
  if (!PS_EVALUATORS.has(name.toLowerCase())) return;
  const piped = stdin.kind === 'pipe' && stdin.download === true;
  if (piped || downloadsHere(rest)) w.col.hazard({ kind: 'download-exec', form: `${piped ? 'iwr … | ' : ''}${name}${piped ? '' : ' (iwr …)'}`, paths: [] });
}

/** Walk a nested piece of code (a sub-expression, a script block, `$(…)` in a string) one level deeper. */
function code(w: Walk, body: PsCode, scope: Scope, depth: number, why: string): void {
  if (depth + 1 > MAX_NESTING) {
    w.col.unknown('(powershell)', `${why}: nested deeper than ${MAX_NESTING} levels`);
    return;
  }
  const child: Scope = { dir: scope.dir };
  if (body.tokens === null) {
    walkPowerShell(w, body.source, child, depth + 1, why);
    return;
  }
  walkTokens(w, body.tokens, body.errors, child, depth + 1, why);
}

function argOf(t: Tok): Arg {
  if (t.t === 'word') return { text: t.text, value: t.value, glob: t.value !== null && !t.quoted && /[*?[]/.test(t.value) };
  return { text: t.t === 'dyn' ? t.text : '(…)', value: null, glob: false };
}

function runCommand(w: Walk, toks: Tok[], scope: Scope, depth: number, stdin: StdinInfo): void {
  // sub-expressions and code inside words run first
  const elems: Tok[] = [];
  const redirects: { op: string; target: Tok | undefined }[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.t === 'redir') {
      if (/&\d$/.test(t.op)) {
        redirects.push({ op: t.op, target: undefined });
        continue;
      }
      redirects.push({ op: t.op, target: toks[i + 1] });
      i++;
      continue;
    }
    elems.push(t);
  }
  for (const t of elems) {
    if (t.t === 'sub') code(w, t.body, scope, depth, 'sub-expression');
    if (t.t === 'word') for (const c of t.code) code(w, c, scope, depth, 'sub-expression in a string');
  }
  let first = elems[0];
  let rest = elems.slice(1);
  let content: string | undefined;
  let program = 'PowerShell';
  if (!first) {
    // only redirections
  } else if (first.t === 'op' && first.op === '&') {
    // call operator
    const target = rest[0];
    rest = rest.slice(1);
    if (!target) w.col.unknown('&', 'call operator without a command');
    else if (target.t === 'block') code(w, target.body, scope, depth, '& { script block }');
    else if (target.t === 'word' && target.value !== null) {
      program = target.value;
      content = invoke(w, target.value, rest, scope, depth, stdin);
    } else w.col.unknown('&', `& runs a command computed at run time (${argOf(target).text})`);
  } else if (first.t === 'word' && first.value === '.' && !first.quoted) {
    const target = rest[0];
    if (target && target.t === 'block') code(w, target.body, scope, depth, '. { script block }');
    else w.col.unknown('.', `dot-sourcing runs ${target ? argOf(target).text : 'a script'} in this session; its content is not visible`);
  } else if (first.t === 'word' && first.value !== null && !first.quoted && !/^\$/.test(first.text) && !/^[\d.]+$/.test(first.value)) {
    program = first.value;
    if (KEYWORDS.has(first.value.toLowerCase())) {
      // (…) conditions already ran with the other sub-expressions above; blocks are the bodies
      for (const t of rest) if (t.t === 'block') code(w, t.body, scope, depth, `${first.value} body`);
      if (first.value.toLowerCase() === 'exit' || first.value.toLowerCase() === 'return' || first.value.toLowerCase() === 'throw') {
        w.col.add({ program: first.value, mutability: 'read', paths: [], pathsProven: true, why: `${first.value} ends the script` });
      } else w.col.add({ program: first.value, mutability: 'read', paths: [], pathsProven: true, why: `${first.value}: its blocks are analysed as code` });
    } else {
      downloadRunAsCode(w, first.value, rest, stdin);
      content = invoke(w, first.value, rest, scope, depth, stdin);
    }
  } else {
    // an expression statement: $x = …, 'text', $x, 42, [Type]::Member, (…)
    const dyn = elems.find((t) => t.t === 'dyn' && t.call);
    const eq = elems.findIndex((t) => t.t === 'word' && t.value !== null && /^[-+*/%?]?=$/.test(t.value));
    if (dyn) w.col.unknown('.NET', `${(dyn as { text: string }).text} calls a .NET method; what it does is not known`);
    else if (eq !== -1) {
      const lhs = elems[0]!;
      if (lhs.t === 'word' && /^\$env:/i.test(lhs.text)) {
        w.col.unknown('$env', `sets ${lhs.text}, which changes what later commands run or load`);
      } else if (lhs.t === 'word' && /^\$\{?[a-z]+:/i.test(lhs.text) && !/^\$\{?(global|script|local|private|using):/i.test(lhs.text)) {
        w.col.add({ program: 'assignment', mutability: 'write', paths: [], pathsProven: false, why: `${lhs.text} = … writes through a PowerShell provider path` });
      } else {
        const rhs = elems.slice(eq + 1);
        if (rhs.length && rhs[0]!.t === 'word' && (rhs[0] as { value: string | null }).value !== null && !(rhs[0] as { quoted: boolean }).quoted && !/^\$/.test(rhs[0]!.t === 'word' ? rhs[0]!.text : '')) {
          runCommand(w, rhs, scope, depth, stdin);
        } else {
          for (const t of rhs) if (t.t === 'block') code(w, t.body, scope, depth, 'script block value');
          w.col.add({ program: 'assignment', mutability: 'read', paths: [], pathsProven: true, why: 'sets a variable' });
        }
      }
    } else {
      const literal = first && first.t === 'word' && first.value !== null && first.quoted ? first.value : undefined;
      content = literal;
      w.col.add({ program: 'expression', mutability: 'read', paths: [], pathsProven: true, why: 'an expression only produces a value' });
    }
  }
  for (const r of redirects) {
    if (!r.target) continue; // 2>&1
    const arg = argOf(r.target);
    if (arg.value !== null && (isNullDevice(arg.value) || arg.value.toLowerCase() === '$null')) continue;
    if (r.target.t === 'word' && r.target.text.toLowerCase() === '$null') continue;
    const p = arg.value === null || arg.glob ? null : resolvePath(arg.value, scope.dir, w.base);
    const toStdout = /^(1?>|>>|1>>|\*>|\*>>)$/.test(r.op);
    const ci = p === null ? { dep: false, hash: false } : contentIntents(p, toStdout ? content : undefined, r.op.endsWith('>>'));
    w.col.add({ program: 'redirect', mutability: 'write', paths: p === null ? [] : [p], pathsProven: p !== null, why: `${program} output ${r.op} ${arg.text}`, dependencyIntent: ci.dep || undefined, hashIntent: ci.hash || undefined });
  }
}

/** Run a named command: a cmdlet/alias from the table, else a native program. */
function invoke(w: Walk, name: string, rest: Tok[], scope: Scope, depth: number, stdin: StdinInfo): string | undefined {
  const key = name.toLowerCase();
  const spec = cmdletTable()[key];
  const label = spec && !/[*]|Utility|runner|Install/.test(spec.canonical) ? spec.canonical : name;
  if (!spec) {
    if (/^[a-z]+-[a-z]+$/i.test(name)) {
      w.col.unknown(name, `${name}: not a cmdlet this guard knows`);
      return undefined;
    }
    // a native program: reuse the POSIX program table (git, npm, node…)
    const argv = [literalArg(name), ...rest.map(argOf)];
    for (const t of rest) if (t.t === 'block') code(w, t.body, scope, depth, `${name} script block argument`);
    return runArgv(w, argv, stdin, scope, depth);
  }
  const blocks = rest.filter((t): t is Extract<Tok, { t: 'block' }> => t.t === 'block');
  cmdletHazards(w, spec, rest, scope);
  // outside Windows this name runs the native program: when that is not a read it decides, and
  // when the cmdlet cannot bind the arguments (Windows fails the command) the native reading stands
  if (NATIVE_OUTSIDE_WINDOWS.has(key) && (spec.kind === 'read' || spec.kind === 'code')) {
    const probe: Walk = { ...w, col: new Collector(w.base) };
    const native = runArgv(probe, [literalArg(name), ...rest.map(argOf)], stdin, { dir: scope.dir }, depth);
    const r = probe.col.result();
    if (r.mutability !== 'read' || bind(spec, rest).unknownParam) {
      for (const seg of probe.col.segments) w.col.add({ ...seg, why: `${seg.why} (${name} runs the native program outside Windows)` });
      return native;
    }
  }
  switch (spec.kind) {
    case 'read': {
      for (const b of blocks) code(w, b.body, scope, depth, `${name} script block`);
      const b = bind(spec, rest);
      if (b.unknownParam) {
        w.col.unknown(label, `${name} ${b.unknownParam}: a parameter this guard's table does not list`);
        return undefined;
      }
      const unprovable = (spec.unprovable ?? []).find((u) => b.params.has(u) || b.switches.has(u));
      if (unprovable) {
        w.col.unknown(label, `${name} -${unprovable}: its effect cannot be proven read-only`);
        return undefined;
      }
      w.col.add({ program: label, mutability: 'read', paths: [], pathsProven: true, why: `${name} only reads or formats`, hashIntent: spec.hash || undefined });
      return undefined;
    }
    case 'code': {
      const remote = rest.some((t) => t.t === 'word' && t.value !== null && /^-(computername|cn|session|filepath|hostname|vmname|vmid|containerid|uri|connectionuri)/i.test(t.value));
      if (remote && spec.canonical === 'Invoke-Command') {
        w.col.unknown(label, `${name} runs code remotely or from a file`);
        return undefined;
      }
      for (const b of blocks) code(w, b.body, scope, depth, `${name} script block`);
      const b = bind(spec, rest);
      const unprovable = (spec.unprovable ?? []).find((u) => b.params.has(u) || b.switches.has(u));
      const hasValueCode = rest.some((t) => t.t === 'word' && t.value === null && !/^\$_/.test(t.text));
      // ForEach-Object NAME: a positional word that is not a script block names a method it calls
      const memberCall = spec.canonical === 'ForEach-Object' && (b.params.get('process') ?? []).some((v, i) => v !== null || !blocks[i]);
      if (b.unknownParam) w.col.unknown(label, `${name} ${b.unknownParam}: a parameter this guard's table does not list`);
      else if (unprovable) w.col.unknown(label, `${name} -${unprovable}: runs a script file, another program or a method it names`);
      else if (memberCall) w.col.unknown(label, `${name} calls a method it names on every object`);
      else if (b.params.has('filepath') && (spec.writes ?? []).includes('filepath')) {
        const f = b.params.get('filepath')![0];
        const path = f === null || f === undefined ? null : resolvePath(f, scope.dir, w.base);
        w.col.add({ program: label, mutability: 'write', paths: path === null ? [] : [path], pathsProven: path !== null, why: `${name} -FilePath writes a trace file` });
      } else if (blocks.length === 0 && hasValueCode) w.col.unknown(label, `${name} runs a script block held in a variable`);
      else w.col.add({ program: label, mutability: 'read', paths: [], pathsProven: true, why: `${name} runs the script block analysed here` });
      return undefined;
    }
    case 'unknown':
      for (const b of blocks) code(w, b.body, scope, depth, `${name} script block`);
      w.col.unknown(name, `${name} runs code or changes state this guard cannot follow`);
      return undefined;
    case 'dep':
      w.col.add({ program: label, mutability: 'write', paths: [], pathsProven: false, why: `${name} installs a module or package`, dependencyIntent: true });
      return undefined;
    case 'cd': {
      const b = bind(spec, rest);
      const target = b.params.get('path')?.[0] ?? b.params.get('literalpath')?.[0];
      if (spec.canonical === 'Pop-Location' || b.unknownParam) scope.dir = null;
      else if (target === undefined) scope.dir = w.base.home ? w.base.home : null;
      else scope.dir = resolveDir({ text: target ?? '', value: target, glob: false }, scope, w.base);
      w.col.add({ program: spec.canonical, mutability: 'read', paths: [], pathsProven: true, why: `${name} changes folder` });
      return undefined;
    }
    case 'write':
      return writeCmdlet(w, name, spec, rest, scope);
  }
}

interface Bound {
  params: Map<string, (string | null)[]>;
  /** switch parameters given */
  switches: Set<string>;
  unknownParam: string | null;
  whatIf: boolean;
}

function bind(spec: CmdletSpec, rest: Tok[]): Bound {
  const params = new Map<string, (string | null)[]>();
  const switches = new Set<string>();
  let unknownParam: string | null = null;
  let whatIf = false;
  let pos = 0;
  let lastValueParam: string | null = null;
  const put = (name: string, v: string | null) => {
    const list = params.get(name) ?? [];
    if (v === null) list.push(null);
    else for (const part of splitCommas(v)) list.push(part);
    params.set(name, list);
  };
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!;
    if (t.t === 'word' && t.value !== null && !t.quoted && /^-[A-Za-z]/.test(t.value)) {
      const colon = t.value.indexOf(':');
      const word = colon === -1 ? t.value : t.value.slice(0, colon);
      const p = resolveParam(spec, word);
      if (!p) {
        unknownParam = t.value;
        continue;
      }
      if (p.name === 'whatif') whatIf = colon === -1 || !/^:\$?false$/i.test(t.value.slice(colon));
      if (!p.takesValue) switches.add(p.name);
      if (colon !== -1) {
        if (p.takesValue) put(p.name, t.value.slice(colon + 1));
        continue;
      }
      if (p.takesValue) {
        const v = rest[i + 1];
        put(p.name, v ? argOf(v).value : null);
        lastValueParam = p.name;
        i++;
      }
      continue;
    }
    // `a.txt, b.txt`: a trailing comma continues the array of the previous value
    const prev = rest[i - 1];
    if (lastValueParam && prev && prev.t === 'word' && prev.text.endsWith(',')) {
      put(lastValueParam, argOf(t).value);
      continue;
    }
    const name = spec.positional?.[pos++];
    if (name) lastValueParam = name;
    if (name) put(name, argOf(t).value);
    else if (t.t !== 'block' && !spec.variadic) unknownParam = unknownParam ?? `extra argument ${argOf(t).text}`;
  }
  return { params, switches, unknownParam, whatIf };
}

/** The paths a cmdlet names in its path parameters (`-Path`, `-LiteralPath`, the first positional). */
function pathValues(b: Bound): (string | null)[] {
  return [...(b.params.get('path') ?? []), ...(b.params.get('literalpath') ?? [])];
}

/**
 * What the floor reads in a cmdlet: a recursive Remove-Item, Clear-Content, a disk formatted,
 * and the files a reading cmdlet shows (Get-Content, Select-String, Copy-Item's source).
 */
function cmdletHazards(w: Walk, spec: CmdletSpec, rest: Tok[], scope: Scope): void {
  const b = bind(spec, rest);
  if (b.whatIf) return;
  const paths = pathValues(b);
  switch (spec.canonical) {
    case 'Remove-Item':
      if (paths.length) notePlacedHazard(w, { kind: 'delete', form: `Remove-Item${b.switches.has('recurse') ? ' -Recurse' : ''}`, targets: paths.map(psArg), recursive: b.switches.has('recurse') }, scope);
      return;
    case 'Clear-Content':
      if (paths.length) notePlacedHazard(w, { kind: 'truncate', form: 'Clear-Content', targets: paths.map(psArg) }, scope);
      return;
    case 'Get-Content':
    case 'Select-String':
    case 'Copy-Item':
    case 'Move-Item':
    case 'Get-FileHash':
    case 'Import-Csv':
      noteReads(w, paths.map(psArg), scope);
      return;
  }
}

function psArg(v: string | null): Arg {
  return v === null ? { text: '<run time>', value: null, glob: false } : { text: v, value: v, glob: /[*?[]/.test(v) };
}

function writeCmdlet(w: Walk, name: string, spec: CmdletSpec, rest: Tok[], scope: Scope): string | undefined {
  const b = bind(spec, rest);
  if (b.whatIf && !b.unknownParam) {
    w.col.add({ program: spec.canonical, mutability: 'read', paths: [], pathsProven: true, why: `${name} -WhatIf only describes the change` });
    return undefined;
  }
  if (spec.canonical === 'Invoke-WebRequest' && !b.params.has('outfile') && !b.params.has('destination')) {
    // a GET that only returns what it fetches; a body, an upload or another method changes remote state
    const method = [...(b.params.get('method') ?? []), ...(b.params.get('custommethod') ?? [])];
    if (b.unknownParam || b.params.has('body') || b.params.has('infile') || b.params.has('form') || b.params.has('sessionvariable') || method.some((m) => m === null || !/^(get|head|options)$/i.test(m))) {
      w.col.unknown(spec.canonical, `${name}${b.unknownParam ? ` ${b.unknownParam}` : ''}: a body, an upload, another method or a parameter this guard does not list (at least a remote change)`);
      return undefined;
    }
    w.col.add({ program: spec.canonical, mutability: 'read', paths: [], pathsProven: true, why: `${name} without -OutFile only returns what it fetches` });
    return undefined;
  }
  if (spec.canonical === 'Tee-Object' && !b.unknownParam && b.params.has('variable') && !b.params.has('filepath') && !b.params.has('literalpath')) {
    w.col.add({ program: spec.canonical, mutability: 'read', paths: [], pathsProven: true, why: 'Tee-Object -Variable keeps a copy in a variable' });
    return undefined;
  }
  let raws: (string | null)[] = [];
  for (const p of spec.writes ?? []) if (p !== 'name' && p !== 'newname') raws.push(...(b.params.get(p) ?? []));
  // New-Item -Name joins the folder given by -Path; Rename-Item -NewName stays in the same folder
  const nameVals = b.params.get('name');
  if (spec.canonical === 'New-Item' && nameVals) {
    const dirs = raws.length ? raws : ['.'];
    raws = [];
    for (const d of dirs) for (const n of nameVals) raws.push(d === null || n === null ? null : `${d.replace(/[\\/]+$/, '')}/${n}`);
  }
  const newName = b.params.get('newname');
  if (spec.canonical === 'Rename-Item' && newName) {
    const src = raws[0];
    for (const n of newName) {
      if (src === null || src === undefined || n === null) raws.push(null);
      else {
        const cut = Math.max(src.lastIndexOf('/'), src.lastIndexOf('\\'));
        raws.push(cut === -1 ? n : src.slice(0, cut + 1) + n);
      }
    }
  }
  if (spec.canonical === 'Expand-Archive' && raws.length === 0) raws.push('.');
  const paths: string[] = [];
  let proven = raws.length > 0 && !b.unknownParam;
  for (const r of raws) {
    if (r === null || /[*?[]/.test(r)) {
      proven = false;
      continue;
    }
    if (isNullDevice(r)) continue;
    const p = resolvePath(r, scope.dir, w.base);
    if (p === null) proven = false;
    else if (!paths.includes(p)) paths.push(p);
  }
  const contentVals = spec.content ? b.params.get(spec.content) : undefined;
  const content = contentVals && contentVals.every((v) => v !== null) ? contentVals.join('\n') + '\n' : spec.content ? undefined : undefined;
  const append = spec.append === 'always' || (spec.append === 'append' && rest.some((t) => t.t === 'word' && t.value !== null && /^-app/i.test(t.value)));
  let dep = false;
  let hash = false;
  if (spec.canonical !== 'Remove-Item' && spec.canonical !== 'Clear-Content') {
    for (const p of paths) {
      const ci = contentIntents(p, spec.content ? content : undefined, append);
      dep ||= ci.dep;
      hash ||= ci.hash;
    }
  }
  w.col.add({
    program: spec.canonical,
    mutability: 'write',
    paths,
    pathsProven: proven,
    why: `${name} writes${b.unknownParam ? ` (parameter ${b.unknownParam} not understood)` : ''}`,
    dependencyIntent: dep || undefined,
    hashIntent: hash || undefined,
  });
  return undefined;
}
