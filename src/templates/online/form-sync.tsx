// 在线表单开发 → 同步数据库: the choice of 普通同步 (create the table, or add the missing columns and indexes; never
// drops) and 强制同步 (drop and recreate: the rows go), with what the table holds now. A plain POST form; with htmx it
// answers in its dialog, where a force sync of a table with rows asks again (the shared confirmation).
import type { CgformTableRows } from '../../server/contracts/online-forms.js';
import { Alert, Button, LinkButton } from '../antd.js';
import { DialogFrame } from '../list/dialog-frame.js';

export interface FormSyncProps {
  asDialog: boolean;
  action: string;
  id: string;
  back: string;
  /** The form's table now; absent when the API refused to say (`problem`). */
  table?: CgformTableRows;
  problem?: string;
  method: string;
  error?: string;
}

const FORM_ID = 'xt-form-sync';

const METHODS = [
  { value: 'normal', label: '普通同步', help: '表不存在时创建；已存在时只添加缺少的字段和索引，不删除、不修改已有的列和数据' },
  { value: 'force', label: '强制同步', help: '删除数据表后按表单重新创建：表中的数据会全部删除' },
];

export function FormSync(p: FormSyncProps) {
  const footer = (
    <>
      <LinkButton href={p.back} hx-get={p.back} hx-target="#content" hx-push-url="true">
        取消
      </LinkButton>
      {p.table && (
        <Button type="primary" htmlType="submit" form={FORM_ID}>
          确定
        </Button>
      )}
    </>
  );
  const t = p.table;
  return (
    <DialogFrame title={t ? `同步数据库 · ${t.tableName}` : '同步数据库'} back={p.back} asDialog={p.asDialog} width={560} footer={footer} stylesheets={['/static/css/online.css']}>
      {p.problem && <Alert type="error">{p.problem}</Alert>}
      {t && (
        <form id={FORM_ID} method="post" action={p.action} hx-post={p.action} hx-target={p.asDialog ? '#xt-modal' : '#content'} class="xt-form-sync">
          <input type="hidden" name="id" value={p.id} />
          <input type="hidden" name="back" value={p.back} />
          <p role="status">{t.exists ? `数据表 ${t.tableName} 已存在，共 ${t.rows} 行数据。` : `数据表 ${t.tableName} 尚未创建。`}</p>
          {p.error && <Alert type="error">{p.error}</Alert>}
          <fieldset class="xt-sync-methods">
            <legend>同步方式</legend>
            {METHODS.map((m) => (
              <label class="ant-radio-wrapper app xt-sync-method">
                <input type="radio" name="method" value={m.value} checked={p.method === m.value} />
                <span>
                  <strong>{m.label}</strong>
                  <span class="xt-muted"> — {m.help}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </form>
      )}
    </DialogFrame>
  );
}
