// The report SQL checks per dialect: ${name} becomes each dialect's bound placeholder (a quoted one a
// concatenation), and what each dialect could do besides reading is refused before anything runs.
import { describe, expect, it } from 'vitest';
import { prepareReportSql } from './report-sql.js';

describe('report SQL', () => {
  it('binds ${name} with each dialect’s placeholder, never splicing the value', () => {
    const sql = "select title from t where title like '%${kw}%' and kind = ${kind} and owner = '${kw}'";
    expect(prepareReportSql(sql, 'postgres')).toEqual({ text: "select title from t where title like ('%' || $1 || '%') and kind = $2 and owner = $3", params: ['kw', 'kind', 'kw'], names: ['kw', 'kind'] });
    expect(prepareReportSql(sql, 'sqlite').text).toBe("select title from t where title like ('%' || ? || '%') and kind = ? and owner = ?");
    expect(prepareReportSql(sql, 'mysql').text).toBe("select title from t where title like CONCAT('%', ?, '%') and kind = ? and owner = ?");
    // In a comment or a quoted name nothing is a parameter; a trailing semicolon is dropped.
    expect(prepareReportSql('select 1 as "${a}" -- ${b}\n;', 'postgres')).toMatchObject({ params: [] });
  });

  it('offers the text without the ORDER BY that ends it, for counting, only when nothing but the order goes', () => {
    const unordered = (sql: string) => prepareReportSql(sql, 'sqlite').unordered;
    expect(unordered('select a, b from t where a > 1 order by a desc, b')).toBe('select a, b from t where a > 1');
    expect(unordered('select a from t union select a from u order by 1;')).toBe('select a from t union select a from u');
    // Not when it limits, orders by a parameter, or orders only inside parentheses.
    expect(unordered('select a from t order by a limit 10')).toBeUndefined();
    expect(unordered('select a from t order by case when a = ${x} then 0 else 1 end')).toBeUndefined();
    expect(unordered('select a from (select a from t order by a) s')).toBeUndefined();
    expect(unordered("select a from t where b = 'order by'")).toBeUndefined();
    expect(prepareReportSql('select a from t where b = ${x} order by a', 'postgres').unordered).toBe('select a from t where b = $1');
  });

  it('refuses per dialect what reads files, sleeps, runs hidden code or writes', () => {
    const refused: [string, 'sqlite' | 'postgres' | 'mysql', string][] = [
      ["select load_file('/etc/passwd')", 'mysql', '不允许调用函数 load_file'],
      ['select 1 /*+ SET_VAR(max_execution_time=0) */', 'mysql', '不允许使用 /*! */ 或 /*+ */ 形式的注释'],
      ['select host, authentication_string from mysql.user', 'mysql', '不允许读取 mysql.user'],
      ["select pg_ls_dir('/')", 'postgres', '不允许调用函数 pg_ls_dir'],
      ["select query_to_xml('select * from sys_session', true, true, '')", 'postgres', '不允许调用函数 query_to_xml'],
      ['select rolpassword from pg_authid', 'postgres', '不允许读取 pg_authid'],
      ['select $$x$$', 'postgres', '不支持 $$ 引用的字符串，请用单引号'],
      ['select * from t where a = $1', 'postgres', '请用 ${参数名} 写参数，不要直接写 $1'],
      ['select row_to_json(u) from sys_user u', 'postgres', '读取 sys_user 时不能读取整行，请写出要读取的列'],
      ["select * from pragma_table_info('sys_user')", 'sqlite', '不允许调用函数 pragma_table_info'],
      ['select randomblob(1000000000)', 'sqlite', '不允许调用函数 randomblob'],
      ["select 'x", 'sqlite', 'SQL中的字符串没有结束（缺少单引号）'],
    ];
    for (const [sql, dialect, message] of refused) expect(() => prepareReportSql(sql, dialect), `${dialect}: ${sql}`).toThrow(message);
    // A MySQL # comment hides nothing: what follows it on the line is not run.
    expect(prepareReportSql('select 1 # ; drop table t', 'mysql').text).toBe('select 1 # ; drop table t');
  });
});
