// 在线报表配置's designer: the report's head fields, 解析SQL, and the two editable grids it fills (报表列: one row
// per column of the SELECT; 报表参数: one per ${name}). One plain POST form: 解析SQL, 添加/删除 a row and 确定 are its
// submit buttons, so it works without JavaScript and nothing typed is lost; with htmx it stays in its dialog.
import type { FieldOption, FieldSpec } from '../../server/resources/spec.js';
import { Alert, Button } from '../antd.js';
import { DialogFrame } from '../list/dialog-frame.js';
import { DesignerFooter, DesignerSection } from './designer-parts.js';
import { Fields } from '../list/form-view.js';
import { RowTable } from '../list/row-table.js';

export interface ReportDesignerProps {
  title: string;
  /** The saved report's id (editing), else a new report. */
  id?: string;
  head: Record<string, unknown>;
  items: Record<string, unknown>[];
  params: Record<string, unknown>[];
  errors: Record<string, string>;
  /** A refusal no field shows. */
  message?: string;
  /** What 解析SQL found (success). */
  notice?: string;
  headFields: FieldSpec[];
  itemColumns: FieldSpec[];
  paramColumns: FieldSpec[];
  options: Record<string, FieldOption[]>;
  action: string;
  back: string;
  asDialog: boolean;
  maxItems: number;
  maxParams: number;
}

const FORM_ID = 'xt-report-designer';

export function ReportDesigner(p: ReportDesignerProps) {
  const footer = <DesignerFooter back={p.back} formId={FORM_ID} />;
  return (
    <DialogFrame title={p.title} back={p.back} asDialog={p.asDialog} width={1200} footer={footer} stylesheets={['/static/css/online.css']}>
      <form id={FORM_ID} class="ant-form ant-form-horizontal app ant-form-css-var xt-form xt-report-designer" method="post" action={p.action} hx-post={p.action} hx-target={p.asDialog ? '#xt-modal' : '#content'} novalidate>
        {/* Enter in a field saves: the first submit button of a form is its default, not 解析SQL or a row's 删除. */}
        <button type="submit" name="action" value="save" class="xt-default-submit" tabindex={-1} aria-hidden="true">
          确定
        </button>
        <input type="hidden" name="back" value={p.back} />
        {p.id && <input type="hidden" name="id" value={p.id} />}
        {p.message && <Alert type="error">{p.message}</Alert>}
        <Fields title="" fields={p.headFields} values={p.head} errors={p.errors} options={p.options} action="" back="" mode={p.id ? 'edit' : 'add'} hidden={{}} asDialog={false} idPrefix="h-" />
        <div class="xt-designer-parse">
          <Button htmlType="submit" name="action" value="parse">
            解析SQL
          </Button>
          <span role="status" class="xt-designer-notice">
            {p.notice && <Alert type="success">{p.notice}</Alert>}
          </span>
        </div>
        <DesignerSection title="报表列">
          <RowTable name="items" columns={p.itemColumns} rows={p.items} errors={p.errors} addLabel="添加列" max={p.maxItems} idPrefix="i-" options={p.options} />
        </DesignerSection>
        <DesignerSection title="报表参数">
          <RowTable name="params" columns={p.paramColumns} rows={p.params} errors={p.errors} addLabel="添加参数" max={p.maxParams} idPrefix="p-" options={p.options} />
        </DesignerSection>
      </form>
    </DialogFrame>
  );
}
