// Test kit of 数据迁移's API and page tests: a report as the importer writes it, built with its own helpers.
import { emptyReport, newTableReport, pushCapped, skip, type ImportReport } from './report.js';

/** A report as the importer writes it: two tables (one with skipped rows), an absent one, and every list. */
export function sampleReport(): ImportReport {
  const r = emptyReport('mysql://root@db.school.example:3306/teachingopen', false);
  const users = newTableReport('sys_user', '用户');
  Object.assign(users, { read: 120, imported: 100, updated: 15, unchanged: 2 });
  skip(users, '账号为空', 'u-17');
  skip(users, '账号为空', 'u-18');
  skip(users, '账号与已有用户重复', 'zhangsan');
  const works = newTableReport('teaching_work', '作品');
  Object.assign(works, { read: 40, imported: 30, updated: 10 });
  const forms = { ...newTableReport('onl_cgform_head', '在线表单'), absent: true };
  r.tables.push(users, works, forms);
  pushCapped(r.missingFiles, 'temp/cat_1690000000.sb3');
  pushCapped(r.missingFiles, 'temp/dog_1690000001.png');
  pushCapped(r.rejectedFiles, { key: 'temp/broken.sb3', reason: '不是有效的 Scratch 项目文件', keptAs: 'import-rejected/temp/broken.sb3' });
  pushCapped(r.remoteFiles, { url: 'https://qiniu.example.com/a.png', fetched: false });
  pushCapped(r.unmappedMenus, { name: '积分商城', url: '/mall/list', perms: '' });
  r.notes.push('定时任务 com.example.CustomJob 没有对应的内置任务，未导入');
  return r;
}
