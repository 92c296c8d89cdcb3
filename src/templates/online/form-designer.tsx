// 在线表单开发's designer: the form's head fields and three grids over its rows — 数据库属性 (one row per field:
// 添加/删除 here), 页面属性 (the same rows, named by their field) and 索引. One plain POST form: 添加/删除 a row and
// 确定 are its submit buttons, so it works without JavaScript and nothing typed is lost; with htmx it stays in its
// dialog. The system columns are the API's: named here, never edited.
import type { FieldOption, FieldSpec } from '../../server/resources/spec.js';
import { str } from '../../server/shared/text.js';
import { Alert } from '../antd.js';
import { DialogFrame } from '../list/dialog-frame.js';
import { DesignerFooter, DesignerSection } from './designer-parts.js';
import { Fields } from '../list/form-view.js';
import { RowTable } from '../list/row-table.js';

export interface FormDesignerProps {
  title: string;
  /** The saved form's id (editing), else a new form. */
  id?: string;
  head: Record<string, unknown>;
  fields: Record<string, unknown>[];
  indexs: Record<string, unknown>[];
  /** Errors by key: head fields by name, grid cells `fields.<i>.<key>` / `indexs.<i>.<key>`, grids `fields` / `indexs`. */
  errors: Record<string, string>;
  /** A refusal no field shows. */
  message?: string;
  headFields: FieldSpec[];
  fieldColumns: FieldSpec[];
  pageColumns: FieldSpec[];
  indexColumns: FieldSpec[];
  options: Record<string, FieldOption[]>;
  systemColumns: { name: string; label: string }[];
  validHelp: string;
  action: string;
  back: string;
  asDialog: boolean;
  maxFields: number;
  maxIndexes: number;
}

const FORM_ID = 'xt-form-designer';

export function FormDesigner(p: FormDesignerProps) {
  const footer = <DesignerFooter back={p.back} formId={FORM_ID} />;
  // The 页面属性 grid shows no grid-level error: the 数据库属性 grid above it does.
  const { fields: _gridError, ...cellErrors } = p.errors;
  return (
    <DialogFrame title={p.title} back={p.back} asDialog={p.asDialog} width={1280} footer={footer} stylesheets={['/static/css/online.css']}>
      <form id={FORM_ID} class="ant-form ant-form-horizontal app ant-form-css-var xt-form xt-report-designer xt-form-designer" method="post" action={p.action} hx-post={p.action} hx-target={p.asDialog ? '#xt-modal' : '#content'} novalidate>
        {/* Enter in a field saves: the first submit button of a form is its default, not a row's 删除. */}
        <button type="submit" name="action" value="save" class="xt-default-submit" tabindex={-1} aria-hidden="true">
          确定
        </button>
        <input type="hidden" name="back" value={p.back} />
        {p.id && <input type="hidden" name="id" value={p.id} />}
        {p.message && <Alert type="error">{p.message}</Alert>}
        <div class="xt-designer-head">
          <Fields title="" fields={p.headFields} values={p.head} errors={p.errors} options={p.options} action="" back="" mode={p.id ? 'edit' : 'add'} hidden={{}} asDialog={false} idPrefix="h-" />
        </div>
        <DesignerSection title="数据库属性">
          <p class="xt-designer-hint">
            系统字段由学堂自动添加，不可编辑：
            {p.systemColumns.map((c, i) => (
              <>
                {i > 0 && '、'}
                <code>{c.name}</code>（{c.label}）
              </>
            ))}
          </p>
          <RowTable name="fields" columns={p.fieldColumns} rows={p.fields} errors={p.errors} addLabel="添加字段" max={p.maxFields} idPrefix="d-" options={p.options} />
        </DesignerSection>
        <DesignerSection title="页面属性">
          <p class="xt-designer-hint">{p.validHelp}</p>
          <RowTable
            name="fields"
            columns={p.pageColumns}
            rows={p.fields}
            errors={cellErrors}
            addLabel=""
            idPrefix="v-"
            options={p.options}
            rowLabel={{ title: '字段名称', text: (row, i) => str(row.dbFieldName) || `第${i + 1}行` }}
          />
        </DesignerSection>
        <DesignerSection title="索引">
          <RowTable name="indexs" columns={p.indexColumns} rows={p.indexs} errors={p.errors} addLabel="添加索引" max={p.maxIndexes} idPrefix="x-" options={p.options} />
        </DesignerSection>
      </form>
    </DialogFrame>
  );
}
