/**
 * sqlite3 on its own database without -readonly: statements that only read are a read of the file
 * once the disk shows it there (the client creates a missing one), statements that change only
 * that database are a write placed at it (files= and self-protection judge the path), and
 * anything that reaches another file, a program or code stays unknown.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { decide } from '../../../core/contract/decide';
import { freshContract, type Contract } from '../../../core/contract/types';
import type { PathProbe } from '../../../core/paths/path-links';
import { claudeRegistry } from '../../../core/registry/claude';

const CWD = '/w/p';
const HOME = '/home/u';

const shape = (cmd: string) => {
  const r = analyzeShell(cmd, { cwd: CWD, home: HOME });
  return `${r.mutability} ${JSON.stringify(r.affectedPaths)}${r.opens ? ` opens ${JSON.stringify(r.opens)}` : ''}`;
};

const READS = [
  `sqlite3 app.db 'select * from users where id = 3'`,
  `sqlite3 -header -csv app.db 'select count(*) from t'`,
  `sqlite3 app.db 'explain query plan select a from t'`,
  `sqlite3 app.db 'pragma table_info(t)'`,
  `sqlite3 app.db 'pragma integrity_check(10)'`,
  `sqlite3 app.db 'pragma user_version'`,
  `sqlite3 app.db .tables .schema .indexes`,
  `sqlite3 app.db .dump`,
  `sqlite3 -cmd '.mode json' app.db '.headers on' 'select 1'`,
  `sqlite3 app.db 'with x as (select a from t) select * from x'`,
];

const WRITES = [
  `sqlite3 app.db 'insert into t(a, b) values (1, "x")'`,
  `sqlite3 app.db 'insert or replace into main.t(a) values (1)'`,
  `sqlite3 app.db 'update t set a = a + 1 where b like "x%"'`,
  `sqlite3 app.db 'delete from t where a in (select a from u)'`,
  `sqlite3 app.db 'create table if not exists t(a integer primary key, b varchar(20) default "x", check (a > 0))'`,
  `sqlite3 app.db 'create unique index i on t(b)'`,
  `sqlite3 app.db 'alter table t add column c text'`,
  `sqlite3 app.db 'drop table t; vacuum'`,
  `sqlite3 app.db 'pragma user_version = 3'`,
  `sqlite3 app.db 'pragma journal_mode=wal'`,
  `sqlite3 app.db 'begin; replace into t values (1); commit;'`,
  `sqlite3 app.db 'with x as (select 5) insert into t(a) select * from x'`,
  `sqlite3 app.db 'create trigger tr after insert on t begin insert into log values (new.a); end;'`,
  `sqlite3 "file:app.db?mode=rwc" 'insert into t values (1)'`,
  `sqlite3 app.db 'select 1' 'delete from t'`,
];

/** What reaches another file, a program or loaded code, or SQL nobody can read here. */
const ESCAPES = [
  `sqlite3 app.db "attach 'other.db' as o; insert into o.t values (1)"`,
  `sqlite3 app.db "vacuum into 'file:copy.db?vfs=unix-dotfile'"`,
  `sqlite3 app.db "vacuum into 'copy' || '.db'"`,
  `sqlite3 app.db "vacuum into ?"`,
  `sqlite3 app.db '.output |tee out.txt' 'select 1'`,
  `sqlite3 app.db '.once -x' 'select 1'`,
  `sqlite3 app.db '.once --bom out.txt' 'select 1'`,
  `sqlite3 app.db '.output "$F"' 'select 1'`,
  `sqlite3 app.db '.save copy.db'`,
  `sqlite3 app.db '.backup copy.db'`,
  `sqlite3 app.db '.restore copy.db'`,
  `sqlite3 app.db '.import rows.csv t'`,
  `sqlite3 app.db '.open other.db'`,
  `sqlite3 app.db '.read x.sql'`,
  `sqlite3 app.db '.shell touch x'`,
  `sqlite3 app.db '.system touch x'`,
  `sqlite3 app.db '! touch x'`,
  `sqlite3 app.db '.load ./ext'`,
  `sqlite3 app.db "select load_extension('./ext')"`,
  `sqlite3 app.db "select readfile('/etc/hostname')"`,
  `sqlite3 app.db "insert into t values (writefile('x', 'y'))"`,
  `sqlite3 app.db 'update t set a = edit(a)'`,
  `sqlite3 app.db "delete from t where a in (select 1 from y join z on writefile('f', 'd'))"`,
  `sqlite3 app.db "create trigger tr after insert on t begin select writefile('x', 'y'); end;"`,
  `sqlite3 app.db "create virtual table z using zipfile('x.zip')"`,
  `sqlite3 app.db "insert into t select name from fsdir('/')"`,
  `sqlite3 app.db "pragma temp_store_directory = '/x'"`,
  `sqlite3 "file:app.db?vfs=unix-dotfile" 'select 1'`,
  `sqlite3 app.db < changes.sql`,
  `echo 'select 1' | sqlite3 app.db`,
  `sqlite3 app.db`,
];

describe('sqlite3 without -readonly: the analysis', () => {
  it('statements that only read open the database, which a missing file makes a create', () => {
    for (const c of READS) expect(shape(c), c).toBe('write ["app.db"] opens ["app.db"]');
    expect(shape(`cd data && sqlite3 ../app.db 'select 1'`)).toBe('write ["app.db"] opens ["app.db"]');
  });
  it('statements that change only that database are a write placed at it', () => {
    for (const c of WRITES) expect(shape(c), c).toBe('write ["app.db"]');
    // another command's write of the same file keeps it a target
    expect(shape(`sqlite3 app.db 'select 1' && sqlite3 app.db 'delete from t'`)).toBe('write ["app.db"]');
  });
  it('anything reaching another file, a program or code stays unknown', () => {
    for (const c of ESCAPES) expect(shape(c), c).toBe('unknown null');
    // a pragma set in its call form (it writes the value) is not read as a report; not placed either
    for (const c of [`sqlite3 app.db 'pragma user_version(5)'`, `sqlite3 app.db 'pragma main.journal_mode(wal)'`]) expect(shape(c), c).toBe('unknown null');
  });
  it('results sent to a file, or a copy made with VACUUM INTO, are written at the name given', () => {
    expect(shape(`sqlite3 app.db "vacuum into 'copy.db'"`)).toBe('write ["app.db","copy.db"]');
    expect(shape(`sqlite3 app.db '.output out.txt' 'select 1'`)).toBe('write ["app.db","out.txt"]');
    expect(shape(`sqlite3 app.db '.once ../out.txt' 'select 1'`)).toBe('write ["app.db","/w/out.txt"]');
    expect(shape(`sqlite3 -deserialize app.db "vacuum main into 'copy.db'"`)).toBe('write ["copy.db"]');
    expect(shape(`sqlite3 -deserialize app.db '.output' 'select 1'`)).toBe('read []');
    expect(shape(`sqlite3 -readonly app.db '.once o.txt' 'select 1'`)).toBe('write ["app.db-wal","app.db-shm","o.txt"]');
  });
  it('-readonly is unchanged: a statement that writes is unknown', () => {
    expect(shape(`sqlite3 -readonly app.db 'select 1'`)).toBe('read []');
    expect(shape(`sqlite3 -readonly app.db 'insert into t values (1)'`)).toBe('unknown null');
  });
});

const REVIEW: Contract = { ...freshContract(), mode: 'review', level: 'guard', source: 'directive', revision: 1 };
const change = (files: string[]): Contract => ({ ...REVIEW, mode: 'change', files });

/** A disk holding these files (absolute), nothing else. */
const disk =
  (...files: string[]): PathProbe =>
  (abs) =>
    files.includes(abs) ? { real: abs } : 'missing';

function verdict(command: string, contract: Contract, probe?: PathProbe): string {
  const a = analyzeToolCall(claudeRegistry, 'Bash', { command }, { cwd: CWD, home: HOME });
  const d = decide(contract, a, { selfPaths: [`${CWD}/.stopline`], home: HOME, cwd: CWD, ...(probe ? { probe } : {}) });
  return `${d.outcome} ${d.reasonCode}`;
}

describe('sqlite3 without -readonly: the decision', () => {
  const read = `sqlite3 app.db 'select * from t'`;
  it('a read of a database the disk holds is a read under review', () => {
    expect(verdict(read, REVIEW, disk(`${CWD}/app.db`))).toBe('allow WITHIN_CONTRACT');
    expect(verdict(`sqlite3 app.db .tables && cat notes.txt`, REVIEW, disk(`${CWD}/app.db`))).toBe('allow WITHIN_CONTRACT');
  });
  it('a missing database, a journal or a write-ahead log beside it, or no probe: the file may be written', () => {
    expect(verdict(read, REVIEW, disk())).toBe('deny MODE_FORBIDS_MUTATION');
    expect(verdict(read, REVIEW, disk(`${CWD}/app.db`, `${CWD}/app.db-journal`))).toBe('deny MODE_FORBIDS_MUTATION');
    expect(verdict(read, REVIEW, disk(`${CWD}/app.db`, `${CWD}/app.db-wal`))).toBe('deny MODE_FORBIDS_MUTATION');
    expect(verdict(read, REVIEW)).toBe('deny MODE_FORBIDS_MUTATION');
  });
  it('a present database read beside another write leaves that write to judge', () => {
    expect(verdict(`sqlite3 app.db 'select 1' && touch src/a.ts`, change(['src/**']), disk(`${CWD}/app.db`))).toBe('allow WITHIN_CONTRACT');
    expect(verdict(`sqlite3 app.db 'select 1' && touch src/a.ts`, change(['src/**']), disk())).toBe('deny PATH_OUTSIDE_CONTRACT');
  });
  it('a write is judged at the database: files= and self-protection', () => {
    const w = `sqlite3 data/app.db 'insert into t values (1)'`;
    expect(verdict(w, change(['data/**']), disk(`${CWD}/data/app.db`))).toBe('allow WITHIN_CONTRACT');
    expect(verdict(w, change(['src/**']), disk(`${CWD}/data/app.db`))).toBe('deny PATH_OUTSIDE_CONTRACT');
    expect(verdict(w, REVIEW, disk(`${CWD}/data/app.db`))).toBe('deny MODE_FORBIDS_MUTATION');
    expect(verdict(`sqlite3 .stopline/state.db 'delete from t'`, change(['**']), disk(`${CWD}/.stopline/state.db`))).toBe('deny GUARD_SELF_PROTECTION');
  });
  it('an escape stays unproven: asked under review', () => {
    expect(verdict(`sqlite3 app.db ".backup copy.db"`, REVIEW, disk(`${CWD}/app.db`))).toBe('ask MUTABILITY_UNPROVEN');
  });
});
