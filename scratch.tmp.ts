import { prepareReportSql } from './src/server/domain/report-sql.js';
const cases: [string, any][] = [
 ["select d.depart_name, count(w.id) as works from sys_depart d left join teaching_work w on w.depart_id = d.id where d.org_code like '${org}%' and w.work_status >= ${minStatus} group by d.depart_name", 'sqlite'],
 ["select d.depart_name, count(w.id) as works from sys_depart d left join teaching_work w on w.depart_id = d.id where d.org_code like '${org}%' and w.work_status >= ${minStatus} group by d.depart_name", 'postgres'],
 ["select d.depart_name from sys_depart d where d.org_code like '%${org}%'", 'mysql'],
 ["select username, realname, sex from sys_user where sex = '${sex}';", 'postgres'],
 ["select * from sys_user", 'sqlite'],
 ["select row_to_json(u) from sys_user u", 'postgres'],
 ["select u.password from sys_user u", 'sqlite'],
 ["select 1; delete from sys_user", 'sqlite'],
 ["delete from sys_user", 'sqlite'],
 ["select pg_read_file('/etc/passwd')", 'postgres'],
 ["select load_extension('x')", 'sqlite'],
 ["attach database '/tmp/x' as y", 'sqlite'],
 ["select * from sys_role into outfile '/tmp/x'", 'mysql'],
 ["select pg_sleep(10)", 'postgres'],
 ["select sleep(10)", 'mysql'],
 ["select * from sys_session", 'sqlite'],
 ["with x as (delete from sys_role returning *) select * from x", 'postgres'],
 ["select * into t2 from sys_role", 'postgres'],
 ["select ${select} from sys_role", 'sqlite'],
 ["select role_name from sys_role where id = ?", 'sqlite'],
 ["select 1 /*! , sleep(5) */", 'mysql'],
 ["select replace(role_name, 'a', 'b') from sys_role", 'sqlite'],
 ["select role_name from sys_role for update", 'mysql'],
 ["select role_name from sys_role lock in share mode", 'mysql'],
 ["select query_to_xml('select * from sys_session', true, true, '')", 'postgres'],
 ["select count(*) from sys_role where role_code = ${code} or role_code = ${code}", 'postgres'],
 ["select role_name from sys_role where role_code = ${code}", 'mysql'],
];
for (const [sql, d] of cases) {
  try { const p = prepareReportSql(sql, d); console.log('OK ', d, JSON.stringify(p)); }
  catch (e: any) { console.log('ERR', d, sql.slice(0,60), '→', e.message); }
}
