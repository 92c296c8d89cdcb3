// An online form is a resource declaration stored as data: onlineForm() turns a definition's field rows into the
// same resource() the coded resources declare, and its schema() and fieldMap() behave as theirs do.
import { describe, expect, it } from 'vitest';
import { isSqlKeyword } from '../domain/cgform-names.js';
import { fieldRule, onlineForm, withoutHidden } from './online-forms.js';

const row = (over: Record<string, unknown>) =>
  ({ dbFieldName: 'x', dbFieldTxt: null, dbType: 'string', dbLength: 10, dbPointLength: null, dbIsNull: 1, dictField: null, dictTable: null, fieldShowType: 'text', fieldValidType: null, fieldMustInput: '0', fieldExtendJson: null, ...over }) as Parameters<typeof fieldRule>[0];

describe('onlineForm', () => {
  it('declares each field by its database type and control: kind, required, limit, pattern, dictionary', () => {
    expect(fieldRule(row({ dbFieldName: 'name', dbFieldTxt: '姓名', dbLength: 20, fieldMustInput: '1' }))).toEqual({ label: '姓名', column: 'name', required: true, kind: 'text', max: 20 });
    expect(fieldRule(row({ dbType: 'int' }))).toMatchObject({ kind: 'int', min: -2147483648, max: 2147483647 });
    expect(fieldRule(row({ dbType: 'double', dbLength: 5, dbPointLength: 2 }))).toMatchObject({ kind: 'int', decimals: 2, max: 999.99, min: -999.99 });
    expect(fieldRule(row({ dbType: 'Date' }))).toMatchObject({ kind: 'date' });
    expect(fieldRule(row({ dbType: 'Datetime' }))).toMatchObject({ kind: 'datetime' });
    expect(fieldRule(row({ dbType: 'Text', fieldShowType: 'umeditor' }))).toMatchObject({ kind: 'richtext', max: 65535 });
    expect(fieldRule(row({ fieldShowType: 'radio', dictField: 'sex' }))).toMatchObject({ kind: 'choice', dict: 'sex', max: 10 });
    expect(fieldRule(row({ fieldShowType: 'checkbox', dictField: 'sex' }))).toMatchObject({ kind: 'choices', dict: 'sex' });
    expect(fieldRule(row({ fieldShowType: 'switch' })).options?.map((o) => o.value)).toEqual(['Y', 'N']);
    expect(fieldRule(row({ fieldShowType: 'image' }))).toMatchObject({ kind: 'upload' });
    expect(fieldRule(row({ dbIsNull: 0 }))).toMatchObject({ required: true });
    expect(fieldRule(row({ fieldValidType: 'm', dbFieldTxt: '手机' })).pattern?.message).toBe('手机必须是手机号码');
    expect(fieldRule(row({ fieldValidType: '^[A-Z]{2}$' })).pattern?.re.test('AB')).toBe(true);
  });

  it('validates with schema() and filters with fieldMap(), as a coded resource does', () => {
    const form = onlineForm({ id: 'h1', tableName: 'cg_t', tableTxt: '表' }, [
      row({ dbFieldName: 'id', dbFieldTxt: '主键' }),
      row({ dbFieldName: 'title', dbFieldTxt: '标题', dbLength: 5, fieldMustInput: '1', isShowList: 1, sortFlag: '1', orderNum: 1 }),
      row({ dbFieldName: 'n', dbFieldTxt: '数量', dbType: 'int', isShowList: 1, isQuery: 1, orderNum: 2 }),
      row({ dbFieldName: 'code', dbFieldTxt: '编号', fieldValidType: 'only', isReadOnly: 1, orderNum: 3 }),
    ]);
    expect(form.formKeys).toEqual(['title', 'n']);
    expect(form.uniqueKeys).toEqual(['code']);
    const schema = form.fields.schema(form.formKeys);
    expect(schema.safeParse({ title: '123456' }).error?.issues[0].message).toBe('标题不能超过5个字符');
    expect(schema.safeParse({}).error?.issues[0].message).toBe('请输入标题');
    expect(schema.parse({ title: ' 好 ', n: '3', create_by: 'x' })).toEqual({ title: '好', n: 3 });
    expect(form.fields.fieldMap(['n', 'create_time'])).toEqual({ n: { column: 'n', type: 'number' }, create_time: { column: 'create_time', type: 'date' } });
    expect(form.list.columns.map((c) => [c.key, !!c.sortable])).toEqual([['title', true], ['n', false], ['create_time', true]]);
    expect(form.list.filters.map((f) => f.key)).toEqual(['n']);
    expect(form.importTitles).toEqual({ 标题: 'title', 数量: 'n' });
  });

  it('makes the form from the same declaration: each control type, read-only fields in the detail only', () => {
    const form = onlineForm({ id: 'h1', tableName: 'cg_t', tableTxt: '表' }, [
      row({ dbFieldName: 'title', dbFieldTxt: '标题', dbLength: 5, fieldMustInput: '1', orderNum: 1 }),
      row({ dbFieldName: 'memo', dbFieldTxt: '说明', dbType: 'Text', fieldShowType: 'textarea', orderNum: 2 }),
      row({ dbFieldName: 'pw', fieldShowType: 'password', orderNum: 3 }),
      row({ dbFieldName: 'n', dbType: 'int', fieldShowType: 'number', orderNum: 4 }),
      row({ dbFieldName: 'd', dbType: 'Date', fieldShowType: 'date', orderNum: 5 }),
      row({ dbFieldName: 'dt', dbType: 'Datetime', fieldShowType: 'datetime', orderNum: 6 }),
      row({ dbFieldName: 'sex', fieldShowType: 'radio', dictField: 'sex', orderNum: 7 }),
      row({ dbFieldName: 'kind', fieldShowType: 'list', dictField: 'sex', orderNum: 8 }),
      row({ dbFieldName: 'tags', fieldShowType: 'checkbox', dictField: 'sex', orderNum: 9 }),
      row({ dbFieldName: 'on', fieldShowType: 'switch', orderNum: 10 }),
      row({ dbFieldName: 'pic', fieldShowType: 'image', orderNum: 11 }),
      row({ dbFieldName: 'doc', fieldShowType: 'file', orderNum: 12 }),
      row({ dbFieldName: 'body', dbType: 'Text', fieldShowType: 'umeditor', orderNum: 13 }),
      row({ dbFieldName: 'ro', isReadOnly: 1, orderNum: 14 }),
      row({ dbFieldName: 'hidden', isShowForm: 0, orderNum: 15 }),
    ], 'cg_t');
    const by = Object.fromEntries(form.form.fields.map((f) => [f.key, f]));
    expect(Object.keys(by)).toEqual(['title', 'memo', 'pw', 'n', 'd', 'dt', 'sex', 'kind', 'tags', 'on', 'pic', 'doc', 'body', 'ro']);
    expect(by.title).toMatchObject({ type: 'text', required: true, maxLength: 5 });
    expect(Object.fromEntries(Object.entries(by).map(([k, f]) => [k, f.type]))).toEqual({
      title: 'text', memo: 'textarea', pw: 'password', n: 'number', d: 'date', dt: 'text', sex: 'radio', kind: 'select', tags: 'multiselect', on: 'radio', pic: 'upload', doc: 'upload', body: 'richtext', ro: 'text',
    });
    expect(by.on.options?.map((o) => o.value)).toEqual(['Y', 'N']);
    expect(by.sex.dict).toBe('sex');
    expect(by.pic.upload).toEqual({ biz: 'cgform', accept: 'image/*' });
    expect(by.doc.upload).toEqual({ biz: 'cgform-file' });
    expect(by.ro.detailOnly).toBe(true);
    // The list opened by the table name calls the data routes by it, with the standard buttons.
    expect(form.list.route).toBe('/online/cgformList/cg_t');
    expect(form.list.api.queryById?.path).toBe('/online/cgform/api/form/cg_t/:id');
    expect(form.list.api.deleteBatch?.path).toBe('/online/cgform/api/form/cg_t/:ids');
    expect([Object.keys(form.list.toolbar), form.list.rowActions.map((a) => a.key), form.list.bulkActions.map((a) => a.key)]).toEqual([['add', 'export', 'import'], ['edit', 'detail', 'delete'], ['delete']]);
    const hidden = withoutHidden(form.list, ['add', 'update', 'batch_delete', 'import']);
    expect([Object.keys(hidden.toolbar), hidden.rowActions.map((a) => a.key), hidden.bulkActions]).toEqual([['export'], ['detail', 'delete'], []]);
  });

  it('knows the keywords of both engines', () => {
    for (const w of ['select', 'ORDER', 'user', 'rowid', 'ctid', 'pragma', 'ilike']) expect(isSqlKeyword(w), w).toBe(true);
    for (const w of ['student_name', 'score']) expect(isSqlKeyword(w), w).toBe(false);
  });
});
