// 数据迁移 → 查看报告: one run of the teaching-open import as the administrator reads it — the run, a table per
// teaching-open table (读取 / 新增 / 更新 / 未变 / 跳过 with the reasons and the first rows skipped), then the files
// that were missing or failed the checks, the external addresses, the grants Xuetang has no menu entry for, and
// the notes. Addresses and keys are shown as text, never as links: they come from another system's data.
import type { Child } from 'hono/jsx';
import type { ImportCappedList, ImportRunDetail, ImportRunStatus, ImportTableReport } from '../../server/contracts/import-runs.js';
import { Alert, CellTable, Tag } from '../antd.js';

const STATUS: Record<ImportRunStatus, { label: string; color: string }> = {
  running: { label: '进行中', color: 'blue' },
  done: { label: '完成', color: 'green' },
  failed: { label: '失败', color: 'red' },
};

const importStatusTag = (status: ImportRunStatus) => <Tag color={STATUS[status]?.color}>{STATUS[status]?.label ?? status}</Tag>;

const STYLE =
  '.xt-import-report h3{font-size:15px;font-weight:600;margin:20px 0 8px}.xt-import-report dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 12px}' +
  '.xt-import-report dt{color:rgba(0,0,0,.45)}.xt-import-report dd{margin:0;word-break:break-all}.xt-import-report ul{margin:0;padding-left:20px}' +
  '.xt-import-report .xt-skip{color:rgba(0,0,0,.65);font-size:13px}.xt-import-report .xt-muted{color:rgba(0,0,0,.45)}.xt-import-report td{word-break:break-all}';

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

/** 跳过: the count, then each reason with its count and the first rows skipped for it. */
function Skipped({ t }: { t: ImportTableReport }) {
  const reasons = Object.entries(t.skipped);
  if (!reasons.length) return <>0</>;
  return (
    <>
      {sum(t.skipped)}
      <ul class="xt-skip">
        {reasons.map(([reason, n]) => (
          <li>
            {reason}：{n} 条{t.examples[reason]?.length ? `（如 ${t.examples[reason].join('、')}）` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

function TablesTable({ tables }: { tables: ImportTableReport[] }) {
  const rows = tables.map((t): Child[] => {
    const name = (
      <>
        {t.label}
        <div class="xt-muted">{t.table}</div>
      </>
    );
    if (t.absent) return [name, <span class="xt-muted">源库无此表</span>, '—', '—', '—', '—'];
    return [name, t.read, t.imported, t.updated, t.unchanged, <Skipped t={t} />];
  });
  return <CellTable head={['表', '读取', '新增', '更新', '未变', '跳过']} rows={rows} empty="尚未导入任何表" size="small" />;
}

/** A section of one of the report's capped lists: its total, its first entries, and how many were left out. */
function Section<T>({ title, list, head, cells, note }: { title: string; list: ImportCappedList<T>; head: string[]; cells: (x: T) => Child[]; note?: string }) {
  return (
    <section data-section={title}>
      <h3>
        {title}（{list.total}）
      </h3>
      {note && list.total > 0 && <p class="xt-muted">{note}</p>}
      {list.total > list.items.length && <p class="xt-muted">共 {list.total} 个，列出前 {list.items.length} 个。</p>}
      <CellTable head={head} rows={list.items.map(cells)} empty="无" size="small" />
    </section>
  );
}

export function ImportReportView({ run }: { run: ImportRunDetail }) {
  const r = run.report;
  return (
    <div class="xt-import-report">
      <style>{STYLE}</style>
      {run.status === 'failed' && <Alert type="error">导入失败：{run.message || '未知原因'}（失败前已完成的表见下方）</Alert>}
      {run.status === 'running' && <Alert type="info">导入仍在进行中（或已中断），下方是已完成的表。</Alert>}
      <dl>
        <dt>来源</dt>
        <dd>{run.source}</dd>
        <dt>上传目录</dt>
        <dd>{run.filesDir || '—'}</dd>
        <dt>状态</dt>
        <dd>
          {importStatusTag(run.status)}
          {run.dryRun && <Tag color="orange">试运行</Tag>}
        </dd>
        <dt>开始时间</dt>
        <dd>{run.startedAt}</dd>
        <dt>结束时间</dt>
        <dd>{run.finishedAt || '—'}</dd>
        <dt>合计</dt>
        <dd>
          读取 {run.read}，新增 {run.imported}，更新 {run.updated}，跳过 {run.skipped}
        </dd>
      </dl>
      <TablesTable tables={r.tables} />
      <Section title="缺少的文件" list={r.missingFiles} head={['文件']} cells={(k) => [k]} note="数据库中引用、但上传目录里没有的文件。" />
      <Section
        title="未通过检查的作品文件"
        list={r.rejectedFiles}
        head={['文件', '原因', '另存为']}
        cells={(f) => [f.key, f.reason, f.keptAs]}
        note="这些文件未通过上传时的检查，已另存，没有丢弃。"
      />
      <Section title="外部地址" list={r.remoteFiles} head={['地址', '处理']} cells={(f) => [f.url, f.fetched ? '已下载' : '保留为链接']} />
      <Section
        title="学堂没有对应菜单的权限"
        list={r.unmappedMenus}
        head={['名称', '路径', '权限编码']}
        cells={(m) => [m.name, m.url || '—', m.perms || '—']}
        note="这些授权没有授予任何角色，请在角色管理中按需授权。"
      />
      <section data-section="说明">
        <h3>说明</h3>
        {r.notes.length ? (
          <ul>
            {r.notes.map((n) => (
              <li>{n}</li>
            ))}
          </ul>
        ) : (
          <p class="xt-muted">无</p>
        )}
      </section>
    </div>
  );
}
