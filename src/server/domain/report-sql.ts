// 在线报表's SQL: what an administrator writes is checked here before it is saved or run. A report is exactly
// one read-only SELECT. Three layers look at it, each refusing with a Chinese message:
//   1. a scan of the text (outside strings and comments): ${name} parameters become the dialect's bound
//      placeholders (never spliced), and words that write, lock, or reach files, extensions, sleeps or secret
//      tables are refused, whatever the parser makes of them;
//   2. node-sql-parser, in the target's dialect, on the text with the placeholders — the very text that runs:
//      one statement, a SELECT, no INTO, no locking read, no function of the deny-list, no secret table, and on
//      sys_user neither its password/salt/legacy_password columns nor `*` nor the whole row;
//   3. the run itself is read-only and time-capped (domain/report-runner.ts), so what slips past 1 and 2 can
//      still neither write nor run away.
import sqlParser from 'node-sql-parser';

export type SqlDialect = 'sqlite' | 'postgres' | 'mysql';

export class ReportSqlError extends Error {}

export interface PreparedSql {
  /** The SQL with every ${name} replaced by a placeholder ($1, $2 … on PostgreSQL, ? elsewhere). */
  text: string;
  /** The parameter name of each placeholder, in order. */
  params: string[];
  /** The distinct parameter names, in their first order. */
  names: string[];
  /**
   * The text without the ORDER BY that ends it (outside parentheses, nothing but the ordering after it: no LIMIT,
   * OFFSET, FETCH nor parameter), for counting the rows: an ordered subquery keeps SQLite from flattening the
   * count and makes either database order rows it only counts. Absent when the text ends otherwise.
   */
  unordered?: string;
}

const MAX_SQL_LENGTH = 8000;
/** A parameter name: ${name}. */
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;

/** SQL reserved words: not a parameter name (${select} reads like an injection and breaks some clients). */
const RESERVED = new Set(
  ('add all alter and any as asc between by case cast check column constraint create cross current_date current_time ' +
    'current_timestamp current_user database default delete desc distinct drop else end escape except exists false fetch ' +
    'for foreign from full grant group having in index inner insert intersect into is join key left like limit natural ' +
    'not null offset on or order outer primary references right rollback select session_user set some table then to ' +
    'true union unique update user using values when where with')
    .split(' '),
);
export const isReservedWord = (word: string) => RESERVED.has(word.toLowerCase());

/**
 * Words that never belong in a read-only SELECT: statements that write or change the session (the parser must
 * find one statement, a SELECT; this catches them should it misread one), INTO (OUTFILE), locking reads.
 */
const FORBIDDEN_WORDS = new Set(
  ('insert update delete merge upsert replace truncate drop create alter rename grant revoke attach detach pragma vacuum ' +
    'reindex copy exec execute prepare deallocate handler lock unlock savepoint into outfile dumpfile returning')
    .split(' '),
);
/** Words of FORBIDDEN_WORDS that are also ordinary functions when a parenthesis follows: replace(s, a, b). */
const FUNCTION_TOO = new Set(['replace']);

/** Functions that read or write files, load code, sleep, lock, reach other servers or run SQL given as text. */
const DENIED_FUNCTIONS = new Set(
  ('load_extension sleep benchmark load_file readfile writefile edit fts3_tokenizer dblink set_config nextval setval ' +
    'get_lock release_lock release_all_locks is_used_lock master_pos_wait source_pos_wait sys_exec sys_eval xp_cmdshell ' +
    'repeat replicate space randomblob zeroblob current_setting')
    .split(' '),
);
const DENIED_FUNCTION_PREFIXES = [
  'pg_read', 'pg_ls_', 'pg_stat_file', 'pg_file', 'pg_logdir', 'pg_sleep', 'lo_', 'dblink', 'pg_advisory', 'pg_try_advisory',
  'pg_terminate', 'pg_cancel', 'pg_reload', 'pg_rotate', 'pg_promote', 'pg_switch', 'pg_create', 'pg_drop', 'pg_replication',
  'pg_start_backup', 'pg_stop_backup', 'pg_backup', 'pg_import', 'pg_notify', 'pg_stat_get', 'pg_show_all', 'pg_hba', 'pg_ident',
  'pragma_', 'json_populate', 'jsonb_populate',
];
/** query_to_xml, table_to_xml, cursor_to_xml … run a query or read a table named in a string. */
const DENIED_FUNCTION_PARTS = ['_to_xml', 'xmlschema'];

function isDeniedFunction(name: string): boolean {
  const n = name.toLowerCase();
  return DENIED_FUNCTIONS.has(n) || DENIED_FUNCTION_PREFIXES.some((p) => n.startsWith(p)) || DENIED_FUNCTION_PARTS.some((p) => n.includes(p));
}

/** Tables that hold secrets (sessions, reset tokens, captchas, data-source passwords) or the servers' own accounts. */
const SECRET_TABLES = new Set([
  'sys_session', 'sys_password_reset', 'sys_captcha', 'sys_sms_code', 'sys_data_source',
  'pg_authid', 'pg_shadow', 'pg_user', 'pg_roles', 'pg_auth_members', 'pg_user_mapping', 'pg_user_mappings', 'pg_stat_activity',
  'pg_stat_statements', 'pg_largeobject', 'pg_largeobject_metadata', 'pg_file_settings', 'pg_hba_file_rules', 'pg_ident_file_rules',
  'pg_settings', 'sqlite_dbpage', 'sqlite_dbdata', 'sqlite_dbptr',
]);
/** Schemas of MySQL/MariaDB's own accounts and internals. */
const SECRET_SCHEMAS = new Set(['mysql', 'performance_schema', 'sys']);
const USER_SECRET_COLUMNS = new Set(['password', 'salt', 'legacy_password']);

const refuse = (message: string): never => {
  throw new ReportSqlError(message);
};

interface Scanned {
  text: string;
  params: string[];
  unordered?: string;
  /** Identifiers outside strings and comments (quoted ones by their content), lower-cased, each with the next character that is not a space. */
  words: { word: string; next: string }[];
}

const isIdentStart = (ch: string) => /[A-Za-z_\u0080-\uffff]/.test(ch);
const isIdentPart = (ch: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(ch);

/**
 * Walks the SQL once: copies it with each ${name} replaced by a placeholder (a string literal holding one is
 * rebuilt as a concatenation, `'%${n}%'` → `'%' || $1 || '%'`), and collects the words for the checks.
 */
function scan(source: string, dialect: SqlDialect): Scanned {
  let out = '';
  const params: string[] = [];
  const words: Scanned['words'] = [];
  const placeholder = (name: string) => {
    if (!PARAM_NAME.test(name)) refuse(`参数名“${name}”不正确：只能包含字母、数字和下划线，以字母或下划线开头，不超过32个字符`);
    if (isReservedWord(name)) refuse(`参数名“${name}”是SQL保留字，请换一个名字`);
    params.push(name);
    return dialect === 'postgres' ? `$${params.length}` : '?';
  };
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const concat = (parts: string[]) => (dialect === 'mysql' ? `CONCAT(${parts.join(', ')})` : `(${parts.join(' || ')})`);
  const nextNonSpace = (from: number) => {
    let j = from;
    while (j < source.length && /\s/.test(source[j])) j++;
    return source[j] ?? '';
  };
  // Where the last ORDER BY outside parentheses starts in `out`, and whether a clause or a parameter follows it.
  let depth = 0;
  let orderAt = -1;
  let paramsAtOrder = 0;
  let afterOrder = false;
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    const two = source.slice(i, i + 2);
    if (two === '--' || (ch === '#' && dialect === 'mysql')) {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      out += source.slice(i, stop);
      i = stop;
      continue;
    }
    if (two === '/*') {
      // MySQL runs the inside of /*! … */ and takes settings from /*+ … */ hints: they are not comments.
      if (source[i + 2] === '!' || source[i + 2] === '+') refuse('不允许使用 /*! */ 或 /*+ */ 形式的注释');
      const end = source.indexOf('*/', i + 2);
      if (end < 0) refuse('SQL中的注释没有结束（缺少 */）');
      out += source.slice(i, end + 2);
      i = end + 2;
      continue;
    }
    if (ch === "'") {
      // Backslash escapes: MySQL strings, and PostgreSQL's E'…'.
      const backslash = dialect === 'mysql' || (dialect === 'postgres' && /[eE]$/.test(out) && !isIdentPart(out[out.length - 2] ?? ' '));
      let j = i + 1;
      let value = '';
      for (;;) {
        if (j >= source.length) refuse('SQL中的字符串没有结束（缺少单引号）');
        const c = source[j];
        if (backslash && c === '\\') {
          value += source.slice(j, j + 2);
          j += 2;
          continue;
        }
        if (c === "'") {
          if (source[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += c;
        j++;
      }
      const raw = source.slice(i, j + 1);
      if (!value.includes('${')) {
        out += raw;
      } else {
        if (backslash && value.includes('\\')) refuse('带反斜杠转义的字符串里不能写参数，请把参数写在字符串外面');
        const pieces = value.split(/(\$\{[^}]*\})/).filter((p) => p !== '');
        const parts = pieces.map((p) => {
          const m = /^\$\{([^}]*)\}$/.exec(p);
          return m ? placeholder(m[1].trim()) : quote(p);
        });
        out += parts.length === 1 ? parts[0] : concat(parts);
      }
      i = j + 1;
      continue;
    }
    if (ch === '"' || ch === '`' || (ch === '[' && dialect === 'sqlite')) {
      const close = ch === '[' ? ']' : ch;
      const end = source.indexOf(close, i + 1);
      if (end < 0) refuse('SQL中的引号没有结束');
      words.push({ word: source.slice(i + 1, end).toLowerCase(), next: nextNonSpace(end + 1) });
      out += source.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (ch === '$') {
      if (source[i + 1] === '{') {
        const end = source.indexOf('}', i + 2);
        if (end < 0) refuse('参数没有结束：${ 后缺少 }');
        out += placeholder(source.slice(i + 2, end).trim());
        i = end + 1;
        continue;
      }
      if (dialect === 'postgres' && /[0-9]/.test(source[i + 1] ?? '')) refuse('请用 ${参数名} 写参数，不要直接写 $1');
      if (dialect === 'postgres' && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(source.slice(i))) refuse('不支持 $$ 引用的字符串，请用单引号');
    }
    if (ch === '?' && dialect !== 'postgres') refuse('请用 ${参数名} 写参数，不要直接写 ?');
    if (ch === ';') {
      if (source.slice(i + 1).trim() === '') break;
      refuse('报表只能是一条SELECT语句（SQL中有多条语句）');
    }
    if (isIdentStart(ch)) {
      let j = i + 1;
      while (j < source.length && isIdentPart(source[j])) j++;
      const word = source.slice(i, j).toLowerCase();
      if (depth === 0 && word === 'order' && /^\s+by\b/i.test(source.slice(j))) {
        orderAt = out.length;
        paramsAtOrder = params.length;
        afterOrder = false;
      } else if (depth === 0 && orderAt >= 0 && ['limit', 'offset', 'fetch'].includes(word)) afterOrder = true;
      words.push({ word, next: nextNonSpace(j) });
      out += source.slice(i, j);
      i = j;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    out += ch;
    i++;
  }
  const unordered = orderAt > 0 && !afterOrder && params.length === paramsAtOrder ? out.slice(0, orderAt).trim() : undefined;
  return { text: out.trim(), params, words, ...(unordered ? { unordered } : {}) };
}

function checkWords(words: Scanned['words']): void {
  const seen = new Set(words.map((w) => w.word));
  for (const { word, next } of words) {
    if (FORBIDDEN_WORDS.has(word) && !(FUNCTION_TOO.has(word) && next === '(')) {
      refuse(`报表只能是一条只读的SELECT语句，不允许使用 ${word.toUpperCase()}`);
    }
    if (next === '(' && isDeniedFunction(word)) refuse(`不允许调用函数 ${word}`);
    if (SECRET_TABLES.has(word)) refuse(`不允许读取 ${word}`);
  }
  if (seen.has('sys_user') && [...USER_SECRET_COLUMNS].some((c) => seen.has(c))) refuse('不允许读取用户的密码和盐（sys_user.password、salt、legacy_password）');
}

const PARSER_DIALECT: Record<SqlDialect, string> = { sqlite: 'Sqlite', postgres: 'PostgresQL', mysql: 'MariaDB' };
/** Statement types of node-sql-parser that are not a plain read. */
const NOT_READING = new Set(['insert', 'update', 'delete', 'replace', 'create', 'drop', 'alter', 'truncate', 'rename', 'attach', 'use', 'set', 'lock', 'unlock', 'grant', 'call', 'transaction', 'load_data', 'exec', 'declare', 'show', 'desc']);

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

/** The name of a function node, whatever shape the parser's version gives it. */
function functionName(node: Node): string {
  const n = node.name;
  if (typeof n === 'string') return n;
  if (isNode(n) && Array.isArray(n.name)) {
    const last = n.name[n.name.length - 1] as unknown;
    return isNode(last) ? String(last.value ?? '') : String(last ?? '');
  }
  if (isNode(n) && typeof n.value === 'string') return n.value;
  return '';
}

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) {
    for (const x of node) walk(x, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const v of Object.values(node)) if (typeof v === 'object' && v !== null) walk(v, visit);
}

function checkAst(text: string, dialect: SqlDialect): void {
  const parser = new sqlParser.Parser();
  const opt = { database: PARSER_DIALECT[dialect] };
  let ast: unknown;
  try {
    ast = parser.astify(text, opt);
  } catch (err) {
    const loc = (err as { location?: { start?: { line?: number; column?: number } } }).location?.start;
    refuse(`SQL无法解析${loc?.line ? `（第${loc.line}行第${loc.column}列附近）` : ''}：报表只支持一条标准的SELECT语句`);
  }
  if (Array.isArray(ast) && ast.length !== 1) refuse('报表只能是一条SELECT语句（SQL中有多条语句）');
  const root = (Array.isArray(ast) ? ast[0] : ast) as Node;
  if (!isNode(root) || root.type !== 'select') refuse('报表只能是SELECT语句');
  const userAliases = new Set<string>(['sys_user']);
  walk(root, (n) => {
    if (typeof n.type === 'string' && NOT_READING.has(n.type)) refuse('报表只能是只读的SELECT语句，不允许写入数据');
    if (isNode(n.into) && (n.into.position || n.into.keyword || n.into.expr)) refuse('不允许使用 SELECT … INTO');
    if (n.locking_read || n.for_update) refuse('不允许加锁读取（FOR UPDATE / FOR SHARE）');
    if ((n.type === 'function' || n.type === 'aggr_func') && isDeniedFunction(functionName(n))) refuse(`不允许调用函数 ${functionName(n)}`);
    if (typeof n.table === 'string' && 'db' in n) {
      const table = n.table.toLowerCase();
      const db = typeof n.db === 'string' ? n.db.toLowerCase() : '';
      if (SECRET_TABLES.has(table) || SECRET_SCHEMAS.has(db)) refuse(`不允许读取 ${db ? `${db}.` : ''}${table}`);
      if (table === 'sys_user' && typeof n.as === 'string') userAliases.add(n.as.toLowerCase());
    }
  });
  let tables: string[];
  let columns: string[];
  try {
    tables = parser.tableList(text, opt);
    columns = parser.columnList(text, opt);
  } catch {
    return refuse('SQL无法解析：报表只支持一条标准的SELECT语句');
  }
  if (tables.some((t) => !t.startsWith('select::'))) refuse('报表只能是只读的SELECT语句，不允许写入数据');
  if (!tables.some((t) => t.toLowerCase().endsWith('::sys_user'))) return;
  for (const entry of columns) {
    const [, table, column] = entry.toLowerCase().split('::');
    if (USER_SECRET_COLUMNS.has(column)) refuse('不允许读取用户的密码和盐（sys_user.password、salt、legacy_password）');
    if (column === '(.*)' && (table === 'null' || table === 'sys_user')) refuse('读取 sys_user 时不能用 *，请写出要读取的列');
    // PostgreSQL reads a whole row by its alias: row_to_json(u), u::text.
    if (userAliases.has(column)) refuse('读取 sys_user 时不能读取整行，请写出要读取的列');
  }
}

/**
 * Checks a report's SQL for one dialect and returns the text that runs with its parameter order; throws
 * ReportSqlError with the reason otherwise.
 */
export function prepareReportSql(source: string, dialect: SqlDialect): PreparedSql {
  const trimmed = (source ?? '').trim();
  if (!trimmed) refuse('请输入SQL');
  if (trimmed.length > MAX_SQL_LENGTH) refuse(`SQL不能超过${MAX_SQL_LENGTH}个字符`);
  const scanned = scan(trimmed, dialect);
  if (!scanned.text) refuse('请输入SQL');
  checkWords(scanned.words);
  checkAst(scanned.text, dialect);
  return { text: scanned.text, params: scanned.params, names: [...new Set(scanned.params)], ...(scanned.unordered ? { unordered: scanned.unordered } : {}) };
}

/** Quotes a result column name (it came from the database, or from a saved item checked against FIELD_NAME). */
export const quoteIdent = (name: string, dialect: SqlDialect) => (dialect === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`);
