// 数据迁移 pages: the empty list explains the import command; the list shows each run's status and totals; 查看报告
// shows the run's report (per-table counts with skip reasons, the files, addresses, grants and notes) as a dialog
// and as a page; a teacher cannot open it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { sampleReport } from '../../importer/report.test-kit.js';

let t: TestApp;
let admin: string;
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const page = (path: string, cookie: string, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });
const R = '/system/dataImport';

beforeAll(async () => {
  t = await startTestApp();
  admin = await cookieOf('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('数据迁移', () => {
  it('tells an admin how to run the first import while there is none', async () => {
    const res = await page(R, admin);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('还没有导入记录');
    expect(html).toContain('npm run import:teaching-open -- --from mysql://用户:密码@主机:端口/数据库 --files 上传目录');
    expect(html).toContain('从 teaching-open 迁移');
    // A filter that finds nothing says only that.
    const filtered = await (await page(`${R}?status=failed`, admin)).text();
    expect(filtered).not.toContain('还没有导入记录');
    expect(filtered).toContain('暂无数据');
  });

  it('lists the runs with their status and totals, and 查看报告 opens the report', async () => {
    await t.db
      .insertInto('sys_import_run')
      .values([
        { id: 'run-a', source: 'mysql://root@db.school.example:3306/teachingopen', files_dir: '/srv/upload', dry_run: 0, status: 'done', started_at: '2026-11-01 09:00:00', finished_at: '2026-11-01 09:05:00', report: JSON.stringify(sampleReport()) },
        { id: 'run-b', source: 'mysql://root@db.school.example:3306/teachingopen', dry_run: 0, status: 'failed', started_at: '2026-11-02 09:00:00', finished_at: '2026-11-02 09:00:09', report: JSON.stringify({ ...sampleReport(), tables: [] }), message: '连接源数据库失败' },
      ])
      .execute();
    const html = await (await page(R, admin)).text();
    for (const text of ['开始时间', '来源', '状态', '读取', '新增', '更新', '跳过', '缺少文件', '查看报告', '全部', '进行中']) expect(html, text).toContain(text);
    const row = /<tr class="ant-table-row" data-row-key="run-a">.*?<\/tr>/s.exec(html)?.[0] ?? '';
    expect(row).toContain('ant-tag-green');
    expect(row).toContain('完成');
    for (const n of ['160', '130', '25', '3', '2']) expect(row).toMatch(new RegExp(`>${n}</td>`));
    expect(row).toContain(`${R}/report?id=run-a`);
    expect(/<tr class="ant-table-row" data-row-key="run-b">.*?<\/tr>/s.exec(html)?.[0]).toContain('失败');
    // Newest first.
    expect(html.indexOf('data-row-key="run-b"')).toBeLessThan(html.indexOf('data-row-key="run-a"'));

    const dialog = await page(`${R}/report?id=run-a&back=${encodeURIComponent(R)}`, admin, { 'HX-Request': 'true', 'HX-Target': 'xt-modal' });
    expect(dialog.status).toBe(200);
    const report = await dialog.text();
    expect(report).toContain('ant-modal');
    expect(report).toContain('导入报告：2026-11-01 09:00:00');
    for (const text of ['表', '读取', '新增', '更新', '未变', '跳过', '用户', 'sys_user', '账号为空：2 条（如 u-17、u-18）', '账号与已有用户重复：1 条（如 zhangsan）', '源库无此表']) expect(report, text).toContain(text);
    for (const section of ['缺少的文件（2）', '未通过检查的作品文件（1）', '外部地址（1）', '学堂没有对应菜单的权限（1）', '说明']) expect(report, section).toContain(section);
    for (const text of ['temp/cat_1690000000.sb3', 'import-rejected/temp/broken.sb3', 'https://qiniu.example.com/a.png', '保留为链接', '积分商城', '/mall/list', 'com.example.CustomJob']) expect(report, text).toContain(text);
    // An external address is shown, never linked.
    expect(report).not.toContain('href="https://qiniu.example.com');

    // Without JavaScript the report is a page of the shell; a failed run says why.
    const failed = await (await page(`${R}/report?id=run-b`, admin)).text();
    expect(failed).toContain('导入失败：连接源数据库失败');
    expect(failed).toContain('尚未导入任何表');
  });

  it('says so for an unknown run, and keeps teachers out', async () => {
    const res = await page(`${R}/report?id=nope`, admin, { 'HX-Request': 'true', 'HX-Target': 'xt-modal' });
    expect(await res.text()).toContain('未找到该导入记录');
    const teacher = await cookieOf('teacher');
    expect((await page(R, teacher)).status).toBe(403);
    const refused = await page(`${R}/report?id=run-a`, teacher, { 'HX-Request': 'true', 'HX-Target': 'xt-modal' });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('sys_user');
  });
});
