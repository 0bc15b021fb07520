/**
 * Database clients with SQL given on the command line (or in a here-document): a read only when
 * every statement is proven read-only, the client cannot write a file of its own (an output or
 * log file, a pager, a shell escape). sqlite3 opens a file of this machine, so it is judged as a
 * file program: without -readonly its statements may also write that one database (a write placed
 * at it), and statements that only read still create it when it is missing (a write the decision
 * drops once the disk shows the database there, decide.ts). A statement is proven read-only when it is a
 * SELECT / VALUES / WITH … SELECT / TABLE / SHOW / DESCRIBE / EXPLAIN (not ANALYZE) / a listed
 * PRAGMA without a value, with no keyword that changes data or schema anywhere in it (INSERT in a
 * CTE, SELECT … INTO, FOR UPDATE, VACUUM INTO …) and every function it calls from a list of
 * built-ins that only compute (a user function, nextval(), writefile(), load_extension() or
 * sleep() is not proven). Anything else is unknown: a change inside a database server is outside
 * what this guard can name.
 */
import { parseTable, type ProgramTable } from './table';
import { read, unknown, write, type Leaf, type ProgramContext } from './verdict';
import { literalArg, type Arg } from './words';

type Dialect = 'sqlite' | 'postgres' | 'mysql';

interface Token {
  kind: 'word' | 'punct' | 'string' | 'number' | 'quoted';
  text: string;
}

/**
 * Where a quoted string or name that goes on at `j` ends (its closing `close`), or -1 when it does
 * not: a doubled quote inside stands for itself (a `]` never doubles), and where `escapes` a
 * backslash takes the character after it.
 */
function closingQuote(sql: string, j: number, close: string, escapes: boolean): number {
  while (j < sql.length) {
    if (escapes && sql[j] === '\\') j += 2;
    else if (sql[j] !== close) j++;
    else if (sql[j + 1] === close && close !== ']') j += 2;
    else return j;
  }
  return -1;
}

/** Tokens of one SQL text, or a reason it cannot be read (an unclosed string or comment). */
function tokenize(sql: string, dialect: Dialect): Token[] | string {
  const out: Token[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') {
      while (i < n && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '#' && dialect === 'mysql') {
      while (i < n && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end === -1) return 'an unclosed comment';
      // MySQL runs the text of /*! … */ comments
      if (dialect === 'mysql' && sql[i + 2] === '!') return 'a /*! … */ comment MySQL runs as SQL';
      i = end + 2;
      continue;
    }
    if (c === "'" || ((c === 'E' || c === 'e') && sql[i + 1] === "'" && dialect === 'postgres')) {
      const j = closingQuote(sql, c === "'" ? i + 1 : i + 2, "'", dialect === 'mysql' || c !== "'");
      if (j === -1) return 'an unclosed string';
      out.push({ kind: 'string', text: sql.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if (c === '$' && dialect === 'postgres') {
      const m = /^\$([A-Za-z_]\w*)?\$/.exec(sql.slice(i));
      if (m) {
        const end = sql.indexOf(m[0], i + m[0].length);
        if (end === -1) return 'an unclosed dollar-quoted string';
        out.push({ kind: 'string', text: sql.slice(i, end + m[0].length) });
        i = end + m[0].length;
        continue;
      }
    }
    if (c === '"' || c === '`' || (c === '[' && dialect === 'sqlite')) {
      const j = closingQuote(sql, i + 1, c === '[' ? ']' : c, false);
      if (j === -1) return 'an unclosed quoted name';
      out.push({ kind: 'quoted', text: sql.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const w = /^[A-Za-z_][\w$]*/.exec(sql.slice(i));
    if (w) {
      out.push({ kind: 'word', text: w[0] });
      i += w[0].length;
      continue;
    }
    const num = /^\d[\w.]*/.exec(sql.slice(i));
    if (num) {
      out.push({ kind: 'number', text: num[0] });
      i += num[0].length;
      continue;
    }
    out.push({ kind: 'punct', text: c });
    i++;
  }
  return out;
}

/** Keywords that change data, schema, settings, sessions or files, anywhere in a statement. */
const CHANGING = new Set(
  (
    'INSERT UPDATE DELETE REPLACE MERGE UPSERT CREATE DROP ALTER TRUNCATE RENAME GRANT REVOKE ATTACH DETACH VACUUM REINDEX ANALYZE ANALYSE OPTIMIZE REPAIR ' +
    'COPY LOCK UNLOCK CALL DO EXEC EXECUTE PREPARE DEALLOCATE SET RESET DISCARD LOAD IMPORT HANDLER INTO OUTFILE DUMPFILE NOTIFY LISTEN UNLISTEN ' +
    'SAVEPOINT FOR RETURNING CLUSTER REFRESH SECURITY COMMENT CHECKPOINT FLUSH KILL SHUTDOWN INSTALL UNINSTALL ' +
    'PURGE CHANGE STOP XA REASSIGN CHECKSUM BACKUP RESTORE'
  ).split(' '),
);

/** Built-in functions that only compute (and SQL keywords written like calls). */
const PURE_FUNCTIONS = new Set(
  (
    'count sum avg min max total group_concat string_agg array_agg json_agg jsonb_agg json_group_array json_group_object bool_and bool_or every stddev stddev_pop stddev_samp variance var_pop var_samp ' +
    'abs round ceil ceiling floor trunc truncate mod power pow sqrt exp ln log log2 log10 sign pi random rand degrees radians sin cos tan asin acos atan atan2 ' +
    'lower upper lcase ucase length char_length character_length octet_length bit_length substr substring mid trim ltrim rtrim replace instr position strpos locate concat concat_ws format printf ' +
    'coalesce ifnull nvl nullif iif if greatest least cast convert try_cast date time datetime julianday unixepoch strftime now current_date current_time current_timestamp localtime localtimestamp ' +
    'date_trunc date_part extract to_char to_date to_timestamp to_number age date_format date_add date_sub datediff timestampdiff year month day hour minute second dayofweek weekday ' +
    'typeof hex unhex quote unicode char chr ascii ord lpad rpad reverse left right repeat space split_part regexp_replace regexp_like regexp_substr regexp_instr ' +
    'json json_extract json_object json_array json_type json_valid json_each json_tree json_build_object json_build_array jsonb_build_object jsonb_build_array json_array_length jsonb_array_length to_json to_jsonb json_quote ' +
    'row_number rank dense_rank lag lead first_value last_value nth_value ntile percent_rank cume_dist likelihood likely unlikely zeroblob ' +
    'sqlite_version version database current_user session_user user current_database current_schema current_schemas pg_typeof ' +
    'pg_size_pretty pg_relation_size pg_total_relation_size pg_table_size pg_indexes_size pg_database_size has_table_privilege has_schema_privilege format_type obj_description col_description ' +
    'generate_series unnest array_length array_to_string string_to_array cardinality md5 sha1 sha2 crc32 uuid gen_random_uuid found_rows row_count last_insert_id ' +
    'pragma_table_info pragma_table_xinfo pragma_index_list pragma_index_info pragma_index_xinfo pragma_table_list pragma_database_list pragma_foreign_key_list pragma_function_list pragma_pragma_list ' +
    // keywords written like calls
    'in exists any all some values over filter within as using on and or not when then else case is between like ilike glob regexp similar from where select row interval array ' +
    'join lateral having union intersect except limit offset by distinct partition order group window with recursive materialized null true false key primary'
  ).split(' '),
);

/** SQLite pragmas that only report, used without a value. */
const READ_PRAGMAS = new Set(
  'table_info table_xinfo table_list index_list index_info index_xinfo foreign_key_list foreign_key_check database_list collation_list compile_options function_list module_list pragma_list integrity_check quick_check page_count page_size freelist_count encoding user_version schema_version application_id journal_mode data_version max_page_count'.split(
    ' ',
  ),
);

/** Of those, the ones whose argument in parentheses names what to report (a table, an index, a limit); the others take it as a new value (`PRAGMA user_version(5)` sets it). */
const ARG_READ_PRAGMAS = new Set('table_info table_xinfo index_list index_info index_xinfo foreign_key_list foreign_key_check integrity_check quick_check'.split(' '));

const STARTS = new Set(['SELECT', 'VALUES', 'WITH', 'TABLE', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'PRAGMA', 'USE']);

/** Why one statement is not proven read-only, or null when it is. */
function statementProblem(tokens: Token[], dialect: Dialect): string | null {
  if (tokens.length === 0) return null;
  const first = tokens[0]!.kind === 'word' ? tokens[0]!.text.toUpperCase() : '';
  if (!STARTS.has(first)) return `${tokens[0]!.text} is not a statement that only reads`;
  if (first === 'USE' && dialect !== 'mysql') return 'USE is not a statement this guard knows here';
  if (first === 'USE') return tokens.length <= 3 ? null : 'USE with more than a database name';
  if (first === 'TABLE' && dialect !== 'postgres') return 'TABLE is not a statement this guard knows here';
  if (first === 'PRAGMA') {
    if (dialect !== 'sqlite') return 'PRAGMA outside SQLite';
    // PRAGMA [schema.]name [(arg)]: no `=`, a name that only reports
    const name = tokens[2]?.text === '.' ? tokens[3]?.text.toLowerCase() : tokens[1]?.text.toLowerCase();
    if (tokens.some((t) => t.text === '=')) return 'PRAGMA with a value changes a setting';
    if (!name || !READ_PRAGMAS.has(name)) return `PRAGMA ${name ?? ''} is not one that only reports`;
    if (tokens.some((t) => t.text === '(') && !ARG_READ_PRAGMAS.has(name)) return `PRAGMA ${name}(…) sets a value`;
    return null;
  }
  if (first === 'SHOW' || first === 'DESCRIBE' || first === 'DESC') return dialect === 'sqlite' ? `${first} is not SQLite` : null;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'word' && t.kind !== 'quoted') continue;
    const upper = t.text.toUpperCase();
    const next = tokens[k + 1];
    const isCall = next?.kind === 'punct' && next.text === '(';
    const prev = tokens[k - 1];
    // a qualified name (`schema.f(…)`, `t.col`): the call is a user's function
    if (isCall) {
      if (t.kind === 'quoted' || prev?.text === '.' || !PURE_FUNCTIONS.has(t.text.toLowerCase())) return `${t.text}() is not a built-in this guard knows only computes`;
      continue;
    }
    if (t.kind === 'word' && CHANGING.has(upper)) return `${upper} changes data, settings or files`;
  }
  return null;
}

/** Split on `;` outside strings; every statement must be proven. Null when all are, else why not. */
function sqlProblem(sql: string, dialect: Dialect): string | null {
  const tokens = tokenize(sql, dialect);
  if (typeof tokens === 'string') return tokens;
  for (const st of statements(tokens)) {
    const why = statementProblem(st, dialect);
    if (why) return why;
  }
  return null;
}

/** sqlite3 dot-commands that only print or change how results are shown. */
const SQLITE_DOT_READS = /^\.(tables|table|schema|indexes|indices|databases|headers?|mode|show|help|timer|width|nullvalue|separator|echo|stats|dbinfo|fullschema|dump|print|eqp|changes|bail|quit|exit|version|prompt)\b/;

/**
 * A sqlite3 script (SQL and dot-commands at line starts): `read` when every statement only reads,
 * `write` when some change the database the client opened and nothing reaches past it, else why not.
 * With `readOnly` (-readonly, an immutable or in-memory database) a statement that writes is refused.
 */
function sqliteScript(text: string, readOnly: boolean, outputs: string[]): 'read' | 'write' | string {
  const sql: string[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    // `.output FILE` / `.once FILE` send results to a file; `|cmd`, `-x`, `-e`, a quoted name are not read here
    const out = /^\.(output|once)(?:\s+(\S+))?\s*$/.exec(t);
    if (out) {
      if (out[2] === undefined || out[2] === 'stdout') continue;
      if (!PLAIN_NAME.test(out[2]) || out[2].startsWith('-')) return `${t} sends results to a command, an editor or a name this guard does not place`;
      outputs.push(out[2]);
      continue;
    }
    if (t.startsWith('.')) {
      if (!SQLITE_DOT_READS.test(t)) return `${t.split(/\s/)[0]} writes, reads another file or runs a command`;
      // `.mode insert` and friends only shape output; anything naming a file is refused above
      if (/^\.(mode|headers?|separator|nullvalue|width|echo|bail|eqp|changes|stats|timer)\s.*[/\\]/.test(t)) return `${t} names a file`;
      continue;
    }
    sql.push(line);
  }
  const tokens = tokenize(sql.join('\n'), 'sqlite');
  if (typeof tokens === 'string') return tokens;
  let writes = false;
  for (const st of statements(tokens)) {
    const copy = vacuumInto(st);
    if (copy !== null) {
      outputs.push(copy);
      continue;
    }
    const why = statementProblem(st, 'sqlite');
    if (why === null) continue;
    const own = readOnly ? null : ownDatabaseProblem(st);
    if (own === 'write') writes = true;
    else return own ?? why;
  }
  return writes ? 'write' : 'read';
}

/** A file name sqlite3 takes as written (not a URI, no quoting, no variable). */
const PLAIN_NAME = /^[\w./+-]+$/;

/**
 * `VACUUM [schema] INTO 'file'`: a copy of the database written to the file named (it reads the
 * database, also a read-only one), or null for any other statement or a name that is not a plain
 * string (an expression, a URI).
 */
function vacuumInto(tokens: Token[]): string | null {
  const words = tokens.map((t) => (t.kind === 'word' ? t.text.toUpperCase() : t.kind));
  const at = words[1] === 'INTO' ? 1 : words[2] === 'INTO' && tokens[1]?.kind === 'word' ? 2 : -1;
  if (words[0] !== 'VACUUM' || at === -1 || tokens.length !== at + 2) return null;
  const name = tokens[at + 1]!;
  if (name.kind !== 'string') return null;
  const file = name.text.slice(1, -1);
  return PLAIN_NAME.test(file) && !file.startsWith('-') && !file.startsWith('file:') ? file : null;
}

/** Statements of a token list, split on `;`. */
function statements(tokens: Token[]): Token[][] {
  const out: Token[][] = [[]];
  for (const t of tokens) {
    if (t.kind === 'punct' && t.text === ';') out.push([]);
    else out[out.length - 1]!.push(t);
  }
  return out.filter((x) => x.length > 0);
}

/** Statements that change the database they run in (and its journal), or only mark a transaction. */
const OWN_WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'REPLACE', 'CREATE', 'DROP', 'ALTER', 'VACUUM', 'REINDEX', 'ANALYZE', 'PRAGMA', 'WITH', 'BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE']);

/** Words that reach another database file or the operating system from inside a statement. */
const REACHES_OUT = new Set(['ATTACH', 'DETACH', 'VIRTUAL']);

/** SQLite pragmas that change only the database open (or this connection), set with a value or run. */
const OWN_PRAGMAS = new Set(
  'user_version application_id journal_mode synchronous foreign_keys cache_size page_size auto_vacuum incremental_vacuum wal_checkpoint optimize busy_timeout recursive_triggers case_sensitive_like secure_delete locking_mode temp_store legacy_alter_table defer_foreign_keys ignore_check_constraints query_only reverse_unordered_selects trusted_schema cell_size_check automatic_index shrink_memory soft_heap_limit hard_heap_limit threads analysis_limit wal_autocheckpoint journal_size_limit mmap_size encoding'.split(' '),
);

/** Words written before `(` that open a list or a type's size, not a call (`check (a > 0)`, `varchar(20)`, `set (a, b) = …`). */
const NOT_CALLS = new Set('check unique conflict set default varchar char nchar nvarchar character varying decimal numeric float double int integer text blob real boolean'.split(' '));

/** The word before token k, a `schema.` qualifier skipped. */
function wordBefore(tokens: Token[], k: number): string {
  const j = tokens[k - 1]?.text === '.' ? k - 3 : k - 1;
  return tokens[j]?.text.toUpperCase() ?? '';
}

/** `INSERT INTO`, `REPLACE INTO`, `INSERT OR IGNORE INTO`: INTO names a table of this database. */
function intoTable(tokens: Token[], k: number): boolean {
  const p1 = tokens[k - 1]?.text.toUpperCase();
  return p1 === 'INSERT' || p1 === 'REPLACE' || (tokens[k - 2]?.text.toUpperCase() === 'OR' && tokens[k - 3]?.text.toUpperCase() === 'INSERT');
}

/**
 * Whether a statement statementProblem did not prove read-only only changes the database sqlite3
 * opened: `write`, or why not (ATTACH or VACUUM INTO name another file, a virtual table or a
 * function may reach the file system, a pragma this guard does not list may point elsewhere);
 * null when it is no statement that writes (its reading problem stands).
 */
function ownDatabaseProblem(tokens: Token[]): 'write' | string | null {
  const head = tokens.slice(0, 3).map((t) => (t.kind === 'word' ? t.text.toUpperCase() : ''));
  const first = head[0]!;
  if (!OWN_WRITES.has(first)) return null;
  if (first === 'PRAGMA') {
    const name = (tokens[2]?.text === '.' ? tokens[3]?.text : tokens[1]?.text)?.toLowerCase();
    if (!name || !(OWN_PRAGMAS.has(name) || READ_PRAGMAS.has(name))) return `PRAGMA ${name ?? ''} is not one this guard knows changes only this database`;
  }
  // the names a CREATE defines (a table, a view, an index's table) are followed by their columns
  const defines = first === 'CREATE' || first === 'ALTER';
  const indexOn = first === 'CREATE' && (head[1] === 'INDEX' || (head[1] === 'UNIQUE' && head[2] === 'INDEX'));
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'word' && t.kind !== 'quoted') continue;
    const upper = t.text.toUpperCase();
    if (t.kind === 'word' && upper === 'INTO') {
      if (!intoTable(tokens, k)) return 'INTO names a file outside this database';
      continue;
    }
    if (t.kind === 'word' && REACHES_OUT.has(upper)) return `${upper} reaches another file or loads code`;
    const next = tokens[k + 1];
    if (!(next?.kind === 'punct' && next.text === '(')) continue;
    if (t.kind === 'word' && NOT_CALLS.has(t.text.toLowerCase())) continue;
    const before = wordBefore(tokens, k);
    const named =
      (before === 'INTO' && intoTable(tokens, tokens[k - 1]?.text === '.' ? k - 3 : k - 1)) ||
      before === 'WITH' ||
      before === 'RECURSIVE' ||
      (defines && (before === 'TABLE' || before === 'VIEW' || before === 'EXISTS' || before === 'REFERENCES')) ||
      (indexOn && before === 'ON');
    if (named) continue;
    if (t.kind === 'quoted' || tokens[k - 1]?.text === '.' || !PURE_FUNCTIONS.has(t.text.toLowerCase())) return `${t.text}() is not a built-in this guard knows only computes`;
  }
  return 'write';
}

const SQLITE_OPTIONS: ProgramTable = {
  singleDashLong: true,
  options:
    '-readonly -safe -header -noheader -csv -json -line -list -column -box -table -markdown -html -tabs -quote -ascii -separator= -newline= -nullvalue= -bail -batch -echo -stats -cmd= -nofollow -version -help -escape= -mmap= -maxsize= -memtrace -no-rowid-in-view -unsafe-testing!U -deserialize -init=U -A!U -append!U -zip!U -interactive!U -vfs=U -lookaside== -pagecache== -heap== -nonce=U -utf8 -pcachetrace',
};

/** A database sqlite3 opens read-write: the file it names, or null when a URI hides it (a VFS, an escape, an option this guard does not know). */
function sqliteFile(db: string): string | null {
  if (!db.startsWith('file:')) return db;
  const m = /^file:(?:\/\/(?:localhost)?(?=\/))?([^?#%]+)(?:\?((?:mode=(?:rw|rwc)|cache=(?:shared|private))(?:&(?:mode=(?:rw|rwc)|cache=(?:shared|private)))*))?$/.exec(db);
  return m ? m[1]! : null;
}

export function sqlite3(args: readonly Arg[], ctx: ProgramContext): Leaf {
  const p = parseTable(args, SQLITE_OPTIONS, 'sqlite3');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.flags.has('-version') || p.flags.has('-help')) return read('sqlite3 prints information');
  const [db, ...sql] = p.operands;
  if (!db) return unknown('sqlite3 without a database reads commands typed later');
  if (db.value === null) return unknown('sqlite3: the database is only known at run time');
  // opening a database file: a missing one is created (without -readonly), a hot journal is rolled
  // back, and a database in WAL mode gets DB-wal and DB-shm beside it even with -readonly. Only an
  // in-memory copy (-deserialize) or an immutable URI (file:DB?immutable=1) touches nothing.
  const memory = db.value === ':memory:' || db.value === '';
  const untouched = memory || p.flags.has('-deserialize') || /^file:.*[?&]immutable=1(&|$)/.test(db.value);
  const readonly = p.flags.has('-readonly') || /^file:.*[?&]mode=ro(&|$)/.test(db.value);
  const file = untouched || readonly ? null : sqliteFile(db.value);
  if (!untouched && !readonly && file === null) return unknown('sqlite3: a database URI whose file or options this guard cannot place');
  const scripts = [...(p.flags.get('-cmd') ?? []), ...sql.map((a) => a.value)];
  if (sql.length === 0) {
    if (ctx.stdin.kind !== 'text') return unknown('sqlite3 reads its commands from stdin (typed later or computed)');
    scripts.push(ctx.stdin.text);
  }
  let writes = false;
  const outputs: string[] = [];
  for (const s of scripts) {
    if (s === null) return unknown('sqlite3: SQL only known at run time');
    const r = sqliteScript(s, untouched || readonly, outputs);
    if (r === 'write') writes = true;
    else if (r !== 'read') return unknown(`sqlite3: ${r}`);
  }
  const written = outputs.map(literalArg);
  if (file !== null) {
    const at = [literalArg(file)];
    if (written.length) return write('sqlite3 writes query results or a copy of the database to the files it names', [...at, ...written], { writesContent: true });
    if (writes) return write('sqlite3 runs statements that change only the database it opens', at, { writesContent: true });
    return write('sqlite3 opens the database read-write to run statements that only read: it creates the file when it is missing', at, { onlyIfMissing: true });
  }
  if (untouched) return written.length ? write('sqlite3 writes query results or a copy of the database to the files it names', written, { writesContent: true }) : read('sqlite3 reads an in-memory or immutable database with statements proven read-only');
  // statements that read no table (`select 1`, `select lower('A')`) never open the database's pages
  if (!written.length && scripts.every((x) => x !== null && !/^\s*\./m.test(x) && !/\b(from|join|pragma\w*|table|explain|into)\b/i.test(x))) return read('sqlite3 -readonly runs statements that read no table');
  const base = db.value.replace(/^file:/, '').replace(/\?.*$/, '');
  return write(`sqlite3 -readonly runs statements proven read-only${written.length ? ' and writes the files it names' : ''}, but a database in WAL mode gets its -wal and -shm files created beside it`, [literalArg(`${base}-wal`), literalArg(`${base}-shm`), ...written], written.length ? { writesContent: true } : {});
}

/** psql meta-commands that only describe or format. */
const PSQL_META_READS = /^\\(d[a-zA-Z]*\+?S?|l\+?|list|x|timing|conninfo|q|quit|\?|encoding|echo|qecho|dconfig|drds|sf\+?|sv\+?|z|lo_list)$/;

function psqlScriptProblem(text: string): string | null {
  // meta-commands start with a backslash and run to the end of the line (or the next backslash command)
  const sqlParts: string[] = [];
  for (const line of text.split('\n')) {
    const pieces = line.split(/(?=\\[a-zA-Z?!])/);
    for (const piece of pieces) {
      const t = piece.trim();
      if (!t.startsWith('\\')) {
        sqlParts.push(piece);
        continue;
      }
      const cmd = t.split(/\s/)[0]!;
      if (!PSQL_META_READS.test(cmd)) return `${cmd} writes a file, runs a command or runs query results`;
      if ((cmd === '\\echo' || cmd === '\\qecho') && /`/.test(t)) return `${cmd} with a backquoted command`;
    }
  }
  return sqlProblem(sqlParts.join('\n'), 'postgres');
}

const PSQL_OPTIONS: ProgramTable = {
  options:
    '-c= --command= -d= --dbname= -h= --host= -p= --port= -U= --username= -w --no-password -W --password -X --no-psqlrc -A --no-align -t --tuples-only -q --quiet -x --expanded -F= --field-separator= -R= --record-separator= -v= --set= --variable= -e --echo-queries -E --echo-hidden -a --echo-all -b --echo-errors -n --no-readline -S --single-line -z --field-separator-zero -0 --record-separator-zero --csv -H --html -T= --table-attr= -1 --single-transaction -l --list -V --version -? --help[=] ' +
    '-P=U --pset=U -f=U --file=U -o=W --output=W -L=W --log-file=W -s!U --single-step!U',
};

export function psql(args: readonly Arg[], ctx: ProgramContext): Leaf {
  const p = parseTable(args, PSQL_OPTIONS, 'psql');
  if (p.unknowns.length) return unknown(p.unknowns[0]!.replace('its effect cannot be proven read-only', 'runs a file, sets a pager or steps through queries'));
  if (p.targets.length) return unknown('psql -o/-L writes an output or log file');
  if (p.flags.has('-V') || p.flags.has('--version') || p.flags.has('-?') || p.flags.has('--help')) return read('psql prints information');
  const commands = [...(p.flags.get('-c') ?? []), ...(p.flags.get('--command') ?? [])];
  const listing = p.flags.has('-l') || p.flags.has('--list');
  if (commands.length === 0 && !listing) {
    if (ctx.stdin.kind !== 'text') return unknown('psql reads its commands from stdin (typed later or computed)');
    commands.push(ctx.stdin.text);
  }
  for (const c of commands) {
    if (c === null) return unknown('psql: a command only known at run time');
    const why = psqlScriptProblem(c);
    if (why) return unknown(`psql: ${why}`);
  }
  return read('psql runs statements proven read-only');
}

/** mysql client commands that only print or switch the database (`use db`, `status`). */
function mysqlScriptProblem(text: string): string | null {
  const statements: string[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    // client commands: the long forms at a line start, the \x forms anywhere
    if (/\\[!TePo.]/.test(t) || /^(system|tee|pager|source|edit|nopager|notee|connect|charset|delimiter|prompt|rehash|resetconnection|warnings|nowarning|query_attributes|ssl_session_data_print)\b/i.test(t)) return 'a client command that runs a program, writes a file or changes the connection';
    statements.push(line);
  }
  return sqlProblem(statements.join('\n').replace(/^\s*(status|help|\\s|\\h|\\\?)\s*;?\s*$/gim, ''), 'mysql');
}

const MYSQL_OPTIONS: ProgramTable = {
  options:
    '-e= --execute= -h= --host= -P= --port= -u= --user= -p[=] --password[=] -D= --database= -N --skip-column-names --column-names -s --silent -B --batch -t --table -r --raw -E --vertical -X --xml -H --html -v --verbose -A --no-auto-rehash --auto-rehash -S= --socket= --protocol= ' +
    '--ssl --ssl-mode= --ssl-ca= --ssl-cert= --ssl-key= --ssl-verify-server-cert --skip-ssl --default-character-set= -C --compress --connect-timeout= --no-defaults --safe-updates -U --i-am-a-dummy --unbuffered -n --show-warnings --sigint-ignore --binary-mode --force -f --no-beep -b --line-numbers --skip-line-numbers -V --version -? --help -I ' +
    '--pager[=]X --tee=W --init-command=U --defaults-file=U --defaults-extra-file=U --defaults-group-suffix=U --local-infile[=]U --load-data-local-dir=U --plugin-dir=U --default-auth=U',
};

export function mysql(name: string, args: readonly Arg[], ctx: ProgramContext): Leaf {
  const p = parseTable(args, MYSQL_OPTIONS, name);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(`${name} --pager runs a program`);
  if (p.targets.length) return unknown(`${name} --tee writes a file`);
  if (p.flags.has('-V') || p.flags.has('--version') || p.flags.has('-?') || p.flags.has('--help') || p.flags.has('-I')) return read(`${name} prints information`);
  const sql = [...(p.flags.get('-e') ?? []), ...(p.flags.get('--execute') ?? [])];
  // a database name operand selects the database; anything after it is an error
  if (p.operands.length > 1) return unknown(`${name}: more than one database named`);
  if (sql.length === 0) {
    if (ctx.stdin.kind !== 'text') return unknown(`${name} reads its statements from stdin (typed later or computed)`);
    sql.push(ctx.stdin.text);
  }
  for (const s of sql) {
    if (s === null) return unknown(`${name}: SQL only known at run time`);
    const why = mysqlScriptProblem(s);
    if (why) return unknown(`${name}: ${why}`);
  }
  return read(`${name} runs statements proven read-only`);
}

/** Redis commands that only read (one word, or a container word with its reading subcommand). */
const REDIS_READS = new Set(
  (
    'GET MGET EXISTS KEYS SCAN TYPE TTL PTTL EXPIRETIME PEXPIRETIME STRLEN GETRANGE SUBSTR LCS HGET HMGET HGETALL HKEYS HVALS HLEN HEXISTS HSTRLEN HSCAN HRANDFIELD ' +
    'LRANGE LLEN LINDEX LPOS SMEMBERS SCARD SISMEMBER SMISMEMBER SRANDMEMBER SSCAN SINTER SUNION SDIFF SINTERCARD ZRANGE ZRANGEBYSCORE ZRANGEBYLEX ZREVRANGE ZREVRANGEBYSCORE ZREVRANGEBYLEX ' +
    'ZCARD ZSCORE ZMSCORE ZRANK ZREVRANK ZCOUNT ZLEXCOUNT ZSCAN ZRANDMEMBER ZINTER ZUNION ZDIFF ZINTERCARD XRANGE XREVRANGE XLEN XREAD GEOPOS GEODIST GEOHASH GEOSEARCH GEORADIUS_RO GEORADIUSBYMEMBER_RO ' +
    'BITCOUNT BITPOS GETBIT BITFIELD_RO SORT_RO DUMP RANDOMKEY DBSIZE INFO PING ECHO TIME LASTSAVE ROLE MONITOR SUBSCRIBE PSUBSCRIBE SSUBSCRIBE LOLWUT ' +
    'MEMORY:USAGE MEMORY:STATS MEMORY:DOCTOR OBJECT:ENCODING OBJECT:FREQ OBJECT:IDLETIME OBJECT:REFCOUNT CONFIG:GET CLIENT:LIST CLIENT:INFO CLIENT:GETNAME CLIENT:ID ' +
    'COMMAND:INFO COMMAND:COUNT COMMAND:DOCS COMMAND:LIST COMMAND:GETKEYS SLOWLOG:GET SLOWLOG:LEN LATENCY:LATEST LATENCY:HISTORY LATENCY:DOCTOR CLUSTER:INFO CLUSTER:NODES CLUSTER:SLOTS CLUSTER:SHARDS CLUSTER:MYID ' +
    'MODULE:LIST ACL:WHOAMI ACL:LIST ACL:USERS ACL:CAT FUNCTION:LIST SCRIPT:EXISTS PUBSUB:CHANNELS PUBSUB:NUMSUB PUBSUB:NUMPAT XINFO:STREAM XINFO:GROUPS XINFO:CONSUMERS'
  ).split(' '),
);

const REDIS_OPTIONS: ProgramTable = {
  options:
    '-h= -p= -a= --user= --pass= --askpass -n= -u= -s= -c -e -3 -2 --raw --no-raw --csv --json --quoted-json --quoted-input --tls --sni= --cacert= --cacertdir= --insecure --cert= --key= --tls-ciphers= --tls-ciphersuites= --no-auth-warning -r= -i= -d= -D= --verbose --version --help ' +
    '--scan --pattern= --count= --quoted-pattern= --bigkeys --memkeys --memkeys-samples= --hotkeys --keystats --keystats-samples= --top= --cursor= --stat --latency --latency-history --latency-dist --lru-test= --intrinsic-latency= --show-pushes[=] ' +
    '--rdb=W --functions-rdb=W --pipe!U --pipe-timeout=U --eval=U --ldb!U --ldb-sync-mode!U --replica!U --cluster!U -x!U --no-pipe',
};

export function redisCli(args: readonly Arg[]): Leaf {
  const p = parseTable(args, { ...REDIS_OPTIONS, stopAtOperand: true }, 'redis-cli');
  if (p.unknowns.length) return unknown(p.unknowns[0]!.replace('its effect cannot be proven read-only', 'sends commands from stdin or a script, or administers a cluster'));
  if (p.targets.length) return unknown('redis-cli --rdb writes a dump file');
  const words = p.operands.map((a) => a.value);
  if (words.length === 0) {
    if (['--scan', '--bigkeys', '--memkeys', '--hotkeys', '--keystats', '--stat', '--latency', '--latency-history', '--latency-dist', '--intrinsic-latency', '--version', '--help'].some((f) => p.flags.has(f))) return read('redis-cli scans or measures without changing keys');
    return unknown('redis-cli without a command reads commands typed later');
  }
  if (words.some((w) => w === null)) return unknown('redis-cli: a command or argument only known at run time');
  const cmd = words[0]!.toUpperCase();
  const two = `${cmd}:${(words[1] ?? '').toUpperCase()}`;
  if (REDIS_READS.has(cmd) || REDIS_READS.has(two)) return read(`redis-cli ${cmd} only reads`);
  return unknown(`redis-cli ${cmd}: not a command this guard knows as read-only (a change inside the database)`);
}
