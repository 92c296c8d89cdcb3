// An online form is a resource declaration stored as data: onlineForm() turns a definition's field rows into the
// same resource() the coded resources declare, and its schema() and fieldMap() behave as theirs do.
import { describe, expect, it } from 'vitest';
import { isSqlKeyword } from '../domain/cgform-names.js';
import { fieldRule, onlineForm } from './online-forms.js';

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

  it('knows the keywords of both engines', () => {
    for (const w of ['select', 'ORDER', 'user', 'rowid', 'ctid', 'pragma', 'ilike']) expect(isSqlKeyword(w), w).toBe(true);
    for (const w of ['student_name', 'score']) expect(isSqlKeyword(w), w).toBe(false);
  });
});
