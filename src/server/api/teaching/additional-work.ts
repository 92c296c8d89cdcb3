// Class homework (班级作业): /teaching/teachingAdditionalWork (布置班级作业: list, teacherList, add, edit,
// delete, queryById, getWorkInfo, plus our classList and submissions) and the student's list
// /teaching/teachingWork/mineAdditionalWork (我的作业). The classes of a homework live in the join table
// teaching_additional_work_dept and are matched exactly (the anchor matched `work_dept LIKE %id%`, §2.14.9).
// Staff reach a homework through its classes: admins all, others those assigned to a class in the subtrees
// they manage; students reach published homework of their own classes.
import type { Context } from 'hono';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { homeworkApi, myHomeworkApi, type HomeworkRecord, type HomeworkSubmissions, type MyHomework } from '../../contracts/homework.js';
import type { Database } from '../../db/schema.js';
import { recordClassEvent } from '../../domain/day-log.js';
import { decorate } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { fileUrl } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { departsInScope, departsOutsideScope, hasScope, NO_MANAGED_DEPARTS, scopeDepartIds, userScope, type UserScope } from '../../domain/user-scope.js';
import { canReviseHomework } from '../../domain/work-submit.js';
import { userClassIds } from '../../domain/works.js';
import { HOMEWORK_BODY_KEYS, HOMEWORK_ROUTE, homeworkFields, homeworkList } from '../../resources/additional-work.js';
import { LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, queryParams, type Answer } from '../envelope.js';
import { idList, pagedList } from '../list-query.js';
import { idsField, inDict, unknownKeys } from './course-access.js';
import { WORK_STATUS } from '../../shared/work-status.js';

const MAX_ID = 64;
const NOT_FOUND = '未找到对应数据';

const fields = homeworkFields.fieldMap(['workName', 'status', 'codeType', 'createTime'], 'a.');

type Db = Kysely<Database>;

/** The homework columns as the anchor's entity names them. */
const homeworkColumns = [
  'a.id',
  'a.create_by as createBy',
  'a.create_time as createTime',
  'a.update_by as updateBy',
  'a.update_time as updateTime',
  'a.code_type as codeType',
  'a.work_name as workName',
  'a.work_desc as workDesc',
  'a.work_cover as workCover',
  'a.work_url as workUrl',
  'a.work_document_url as workDocumentUrl',
  'a.status',
] as const;

/** Homework reachable by staff of this scope: assigned to at least one class inside it. */
function inStaffScope(db: Db, scope: UserScope) {
  const assigned = db
    .selectFrom('teaching_additional_work_dept as sd')
    .select('sd.id')
    .where('sd.additional_id', '=', sql.ref<string>('a.id'))
    .where('sd.dept_id', 'in', scopeDepartIds(db, scope));
  // Raw: one condition for every query over `teaching_additional_work as a`, whatever it joins.
  return sql<SqlBool>`exists ${assigned}`;
}

/** Class ids of each homework, in class order. */
async function classesOf(db: Db, ids: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const out = new Map<string, { id: string; name: string }[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('teaching_additional_work_dept as ad')
    .innerJoin('sys_depart as d', 'd.id', 'ad.dept_id')
    .select(['ad.additional_id', 'd.id', 'd.depart_name'])
    .where('ad.additional_id', 'in', ids)
    .orderBy('d.org_code')
    .execute();
  for (const r of rows) out.set(r.additional_id, [...(out.get(r.additional_id) ?? []), { id: r.id, name: r.depart_name }]);
  return out;
}

/** A homework as selected (homeworkColumns). */
type HomeworkRow = NonNullable<Awaited<ReturnType<typeof staffHomework>>>;

/** Records of rows: their classes (workDept, a comma list of ids, and the class names) and their files' URLs. */
async function homeworkRecords(db: Db, rows: HomeworkRow[]): Promise<HomeworkRecord[]> {
  const classes = await classesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const list = classes.get(r.id) ?? [];
    return {
      ...r,
      workDept: list.map((x) => x.id).join(','),
      workDept_dictText: list.map((x) => x.name).join(','),
      workCover_url: fileUrl(r.workCover),
      workUrl_url: fileUrl(r.workUrl),
      workDocumentUrl_url: fileUrl(r.workDocumentUrl),
    };
  });
}

/** The caller's staff scope, or the anchor's refusal when they manage nothing. */
async function staffScope(c: Context<ApiEnv>): Promise<UserScope | Answer<never>> {
  const scope = await userScope(c.get('deps').db, c.get('user')!);
  return hasScope(scope) ? scope : fail(c, NO_MANAGED_DEPARTS);
}

/** A homework by id when the caller reaches it as staff. */
async function staffHomework(c: Context<ApiEnv>, scope: UserScope, id: string) {
  if (!id || id.length > MAX_ID) return undefined;
  const { db } = c.get('deps');
  let q = db.selectFrom('teaching_additional_work as a').select(homeworkColumns).where('a.id', '=', id);
  if (!scope.all) q = q.where(inStaffScope(db, scope));
  return q.executeTakeFirst();
}

/** `*id*` (the anchor's LIKE form) or a plain id → the class id. */
const classFilter = (raw: string | undefined) => (raw ?? '').replace(/^\*+|\*+$/g, '').trim().slice(0, MAX_ID);

const homeworkBody = homeworkFields.schema(HOMEWORK_BODY_KEYS).extend({
  // Kept by hand: the classes as a list of distinct ids, and the status's contract wording and its default
  // 未发布 for a body without it (the anchor's clients).
  workDept: idsField(homeworkFields.rule('workDept')),
  status: z.coerce
    .number({ message: `请选择${homeworkFields.rule('status').label}` })
    .int('状态格式不正确')
    .refine((v) => v === 0 || v === 1 || v === 2, '状态只能是未发布、已发布或已结束')
    .default(0),
});
type HomeworkBody = z.infer<typeof homeworkBody>;

/**
 * Checks the body's files, type and classes. `kept` are classes already assigned outside the caller's scope:
 * they stay assigned whatever the body says (a teacher neither adds nor removes classes they do not manage).
 */
async function checkHomework(c: Context<ApiEnv>, scope: UserScope, b: HomeworkBody, kept: Set<string>): Promise<Answer<never> | null> {
  const { db } = c.get('deps');
  if (!(await inDict(c, 'work_type', b.codeType ?? null))) return fieldFail(c, 'codeType', '作业类型不存在');
  for (const [key, label] of [
    ['workCover', '作业封面'],
    ['workDocumentUrl', '作业资料'],
    ['workUrl', '作业文件'],
  ] as const) {
    if ((await unknownKeys(c, [b[key]])).length) return fieldFail(c, key, `${label}文件不存在，请重新上传`);
  }
  const wanted = b.workDept.filter((id) => !kept.has(id));
  const { unknown, outside } = await departsOutsideScope(db, scope, wanted);
  if (unknown.length) return fieldFail(c, 'workDept', '分配的班级不存在');
  if (outside.length) return fieldFail(c, 'workDept', '只能布置给您负责的班级');
  if (wanted.length) {
    const notClass = await db.selectFrom('sys_depart').select('depart_name').where('id', 'in', wanted).where('org_category', '<>', '3').executeTakeFirst();
    if (notClass) return fieldFail(c, 'workDept', `“${notClass.depart_name}”不是班级，只能布置给班级`);
  }
  return null;
}

const columnsOf = (b: HomeworkBody) => ({
  code_type: b.codeType ?? null,
  work_name: b.workName,
  work_desc: b.workDesc ?? null,
  work_cover: b.workCover || null,
  work_url: b.workUrl || null,
  work_document_url: b.workDocumentUrl || null,
  status: b.status,
});

/** Replaces a homework's classes and, when it is published, counts the assignment once per class (day log). */
async function saveClasses(tx: Db, id: string, classIds: string[], status: number, at: string) {
  await tx.deleteFrom('teaching_additional_work_dept').where('additional_id', '=', id).execute();
  for (const deptId of classIds) await tx.insertInto('teaching_additional_work_dept').values({ id: newId(), additional_id: id, dept_id: deptId }).execute();
  if (status === 1) for (const deptId of classIds) await recordClassEvent(tx, deptId, 'additionalWorkAssign', id, at);
}

const mineQuery = z.object({
  submit: z.enum(['true', 'false', ''], { message: 'submit只能是true或false' }).optional(),
  status: z.string().regex(/^\d{0,2}$/, 'status必须是数字').optional(),
  departId: z.string().max(MAX_ID).optional(),
});

/** 我的作业: published homework of the caller's classes with their own work and grade (AdditionalWorkModel). */
async function mineAdditionalWork(db: Db, userId: string, q: z.infer<typeof mineQuery>): Promise<MyHomework[]> {
  const classIds = await userClassIds(db, userId);
  if (!classIds.length) return [];
  const homework = await db
    .selectFrom('teaching_additional_work as a')
    .leftJoin('sys_user as t', 't.username', 'a.create_by')
    .select([...homeworkColumns, 't.realname as teacherName'])
    .where('a.status', '=', 1)
    // IN, not EXISTS: SQLite then starts from the class's few assignments (dept_id index) instead of probing every
    // published homework of the school (20k homework: 21 ms → 0.02 ms, bench/works.ts).
    .where('a.id', 'in', db.selectFrom('teaching_additional_work_dept as ad').select('ad.additional_id').where('ad.dept_id', 'in', classIds))
    .orderBy('a.create_time', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  if (!homework.length) return [];
  const ids = homework.map((h) => h.id);
  const [classes, works] = await Promise.all([
    classesOf(db, ids),
    db
      .selectFrom('teaching_work as w')
      .leftJoin('sys_file as f', 'f.id', 'w.work_file')
      .leftJoin('sys_file as cf', 'cf.id', 'w.work_cover')
      .leftJoin('teaching_work_correct as g', 'g.work_id', 'w.id')
      .select(['w.id', 'w.additional_id', 'w.work_name', 'w.work_status', 'w.create_time', 'f.file_path as fileKey', 'cf.file_path as coverKey', 'g.score', 'g.comment'])
      .where('w.user_id', '=', userId)
      .where('w.additional_id', 'in', ids)
      .orderBy('w.create_time', 'desc')
      .execute(),
  ]);
  // One work per homework (the submit endpoint upserts); should there be more, the newest counts.
  const own = new Map<string, (typeof works)[number]>();
  for (const w of works) if (!own.has(w.additional_id)) own.set(w.additional_id, w);
  const mine = new Set(classIds);
  const status = q.status ? Number(q.status) : null;
  const records = homework
    .map((h) => {
      const list = classes.get(h.id) ?? [];
      // The caller's class this homework was assigned to (exact membership; the first in class order).
      const cls = list.find((x) => mine.has(x.id));
      const w = own.get(h.id);
      return {
        additionalWorkId: h.id,
        workName: h.workName,
        workDesc: h.workDesc,
        workCover: h.workCover,
        workCover_url: fileUrl(h.workCover),
        workUrl: h.workUrl,
        workUrl_url: fileUrl(h.workUrl),
        workDocumentUrl: fileUrl(h.workDocumentUrl),
        workDept: list.map((x) => x.id).join(','),
        createTime: h.createTime,
        createBy: h.createBy,
        createBy_dictText: h.teacherName ?? h.createBy ?? '',
        codeType: h.codeType,
        mineWorkId: w?.id ?? null,
        mineWorkName: w?.work_name ?? null,
        mineWorkStatus: w ? w.work_status : null,
        // Whether 去做作业 / 修改作业 / 重做 may still hand it in (domain/work-submit.ts, as the submit route checks).
        canSubmit: canReviseHomework(w),
        mineWorkUrl: fileUrl(w?.fileKey),
        mineWorkCover: fileUrl(w?.coverKey),
        departId: cls?.id ?? null,
        departName: cls?.name ?? null,
        comment: w?.comment ?? null,
        score: w?.score ?? null,
      };
    })
    // submit=true: handed in (own status ≥ 1); submit=false: no own work, or only saved (status < 1).
    .filter((r) => (q.submit === 'true' ? r.mineWorkStatus !== null && r.mineWorkStatus >= 1 : q.submit === 'false' ? r.mineWorkStatus === null || r.mineWorkStatus < 1 : true))
    .filter((r) => status === null || r.mineWorkStatus === status);
  return decorate(db, records, { codeType: 'work_type' });
}

/** Members (students) of the homework's classes inside the scope, with who handed in what and its grade. */
async function submissions(db: Db, scope: UserScope, id: string): Promise<Pick<HomeworkSubmissions, 'submitted' | 'missing'>> {
  let classQ = db
    .selectFrom('teaching_additional_work_dept as ad')
    .innerJoin('sys_depart as d', 'd.id', 'ad.dept_id')
    .select(['d.id', 'd.depart_name'])
    .where('ad.additional_id', '=', id)
    .orderBy('d.org_code');
  if (!scope.all) classQ = classQ.where('ad.dept_id', 'in', scopeDepartIds(db, scope));
  const classes = await classQ.execute();
  if (!classes.length) return { submitted: [], missing: [] };
  const members = await db
    .selectFrom('sys_user_depart as m')
    .innerJoin('sys_user as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.username', 'u.realname', 'm.dep_id'])
    .where('m.dep_id', 'in', classes.map((x) => x.id))
    .where('u.del_flag', '=', 0)
    .where('u.user_identity', '=', 1)
    .orderBy('u.username')
    .execute();
  const className = new Map(classes.map((x) => [x.id, x.depart_name]));
  const users = new Map<string, { userId: string; username: string; realname: string; departName: string }>();
  for (const m of members) if (!users.has(m.id)) users.set(m.id, { userId: m.id, username: m.username, realname: m.realname, departName: className.get(m.dep_id) ?? '' });
  const userIds = [...users.keys()];
  const works = userIds.length
    ? await db
        .selectFrom('teaching_work as w')
        .leftJoin('teaching_work_correct as g', 'g.work_id', 'w.id')
        .leftJoin('sys_file as f', 'f.id', 'w.work_file')
        .select(['w.id', 'w.user_id', 'w.depart_id', 'w.work_name', 'w.work_status', 'w.work_type', 'w.create_time', 'g.score', 'g.comment', 'f.file_path as fileKey'])
        .where('w.additional_id', '=', id)
        .where('w.user_id', 'in', userIds)
        .where('w.work_status', '>=', WORK_STATUS.submitted)
        .orderBy('w.create_time', 'desc')
        .execute()
    : [];
  const submitted: HomeworkSubmissions['submitted'] = [];
  const handedIn = new Set<string>();
  for (const w of works) {
    if (handedIn.has(w.user_id)) continue;
    handedIn.add(w.user_id);
    const u = users.get(w.user_id)!;
    submitted.push({
      ...u,
      departName: className.get(w.depart_id) ?? u.departName,
      workId: w.id,
      workName: w.work_name,
      workType: w.work_type,
      workStatus: w.work_status,
      workFile_url: fileUrl(w.fileKey),
      score: w.score ?? null,
      comment: w.comment ?? null,
      createTime: w.create_time,
    });
  }
  const missing = [...users.values()].filter((u) => !handedIn.has(u.userId));
  return { submitted: await decorate(db, submitted, { workStatus: 'work_status', workType: 'work_type' }), missing };
}

export function registerAdditionalWorkRoutes(r: ApiRoutes) {
  const screen = menu(HOMEWORK_ROUTE);

  r.at(homeworkApi.list, screen, async (c) => {
    const scope = await staffScope(c);
    if (scope instanceof Response) return scope;
    const { db } = c.get('deps');
    let base = db.selectFrom('teaching_additional_work as a');
    if (!scope.all) base = base.where(inStaffScope(db, scope));
    const dept = classFilter(c.req.query('workDept'));
    if (dept) {
      base = base.where((eb) =>
        eb.exists(eb.selectFrom('teaching_additional_work_dept as fd').select('fd.id').whereRef('fd.additional_id', '=', 'a.id').where('fd.dept_id', '=', dept)),
      );
    }
    return pagedList(c, {
      spec: homeworkList,
      fields,
      base,
      select: (qb) => qb.select(homeworkColumns),
      toRecord: (row: HomeworkRow) => row,
      tieBreak: 'a.id',
      enrich: (rows) => homeworkRecords(db, rows),
    });
  });

  // Unused by the anchor's screens: the homework the caller created.
  r.get('/teaching/teachingAdditionalWork/teacherList', screen, async (c) => {
    const { db } = c.get('deps');
    const base = db.selectFrom('teaching_additional_work as a').where('a.create_by', '=', c.get('user')!.username);
    return pagedList(c, { spec: homeworkList, fields, base, select: (qb) => qb.select(homeworkColumns), toRecord: (row: HomeworkRow) => row, tieBreak: 'a.id', enrich: (rows) => homeworkRecords(db, rows) });
  });

  // Classes the caller may assign homework to (ours: the dialog's 分配班级 and the 班级 filter).
  r.at(homeworkApi.classes, screen, async (c) => {
    const scope = await userScope(c.get('deps').db, c.get('user')!);
    const all = await departsInScope(c.get('deps').db, scope);
    return ok(
      c,
      all.filter((d) => d.orgCategory === '3').map((d) => ({ id: d.id, departName: d.departName, title: d.title })),
      '操作成功！',
      0,
    );
  });

  r.at(homeworkApi.queryById, screen, async (c) => {
    const scope = await staffScope(c);
    if (scope instanceof Response) return scope;
    const row = await staffHomework(c, scope, c.req.query('id') ?? '');
    if (!row) return fail(c, NOT_FOUND);
    const [record] = await homeworkRecords(c.get('deps').db, [row]);
    return ok(c, record, '操作成功！', 200);
  });

  // Any logged-in user in the anchor; here staff of its classes, or a student of one of them while it is published.
  r.get('/teaching/teachingAdditionalWork/getWorkInfo', LOGGED_IN, async (c) => {
    const id = c.req.query('id') ?? '';
    if (!id || id.length > MAX_ID) return fail(c, NOT_FOUND);
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const scope = await userScope(db, user);
    let row = hasScope(scope) ? await staffHomework(c, scope, id) : undefined;
    if (!row) {
      const classIds = await userClassIds(db, user.id);
      if (classIds.length) {
        row = await db
          .selectFrom('teaching_additional_work as a')
          .select(homeworkColumns)
          .where('a.id', '=', id)
          .where('a.status', '=', 1)
          .where((eb) => eb.exists(eb.selectFrom('teaching_additional_work_dept as ad').select('ad.id').whereRef('ad.additional_id', '=', 'a.id').where('ad.dept_id', 'in', classIds)))
          .executeTakeFirst();
      }
    }
    if (!row) return fail(c, NOT_FOUND);
    const [record] = await decorate(db, await homeworkRecords(db, [row]), { codeType: 'work_type', status: 'additional_work_status' });
    return ok(c, record, '操作成功！', 200);
  });

  r.at(homeworkApi.add, perm('additional:add'), async (c) => {
    const body = await jsonBody(c, homeworkBody);
    if (!body.ok) return body.response;
    const scope = await staffScope(c);
    if (scope instanceof Response) return scope;
    const refused = await checkHomework(c, scope, body.data, new Set());
    if (refused) return refused;
    const id = newId();
    const at = now();
    await c
      .get('deps')
      .db.transaction()
      .execute(async (tx) => {
        await tx.insertInto('teaching_additional_work').values({ id, ...columnsOf(body.data), create_by: c.get('user')!.username, create_time: at }).execute();
        await saveClasses(tx, id, body.data.workDept, body.data.status, at);
      });
    return ok(c, { id }, '添加成功！', 200);
  });

  r.at(homeworkApi.edit, perm('additional:edit'), async (c) => {
    const body = await jsonBody(c, homeworkBody.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(MAX_ID, 'id格式不正确') }));
    if (!body.ok) return body.response;
    const scope = await staffScope(c);
    if (scope instanceof Response) return scope;
    const { db } = c.get('deps');
    const existing = await staffHomework(c, scope, body.data.id);
    if (!existing) return fail(c, NOT_FOUND);
    const old = (await classesOf(db, [existing.id])).get(existing.id) ?? [];
    const { outside } = await departsOutsideScope(db, scope, old.map((x) => x.id));
    const kept = new Set(outside);
    const refused = await checkHomework(c, scope, body.data, kept);
    if (refused) return refused;
    const classIds = [...new Set([...body.data.workDept.filter((x) => !kept.has(x)), ...kept])];
    const at = now();
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('teaching_additional_work')
        .set({ ...columnsOf(body.data), update_by: c.get('user')!.username, update_time: at })
        .where('id', '=', existing.id)
        .execute();
      await saveClasses(tx, existing.id, classIds, body.data.status, at);
    });
    return ok(c, null, '编辑成功!', 200);
  });

  // Submitted works stay (they are the students'); only the homework and its class list go.
  const remove = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的作业');
    if (ids.some((id) => id.length > MAX_ID)) return fail(c, NOT_FOUND);
    const scope = await staffScope(c);
    if (scope instanceof Response) return scope;
    const { db } = c.get('deps');
    const unique = [...new Set(ids)];
    let q = db.selectFrom('teaching_additional_work as a').select('a.id').where('a.id', 'in', unique);
    if (!scope.all) q = q.where(inStaffScope(db, scope));
    const found = await q.execute();
    if (found.length !== unique.length) return fail(c, NOT_FOUND);
    if (!scope.all) {
      const classes = await classesOf(db, unique);
      const all = [...new Set([...classes.values()].flat().map((x) => x.id))];
      if ((await departsOutsideScope(db, scope, all)).outside.length) return fail(c, '作业还布置给了您不负责的班级，不能删除');
    }
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('teaching_additional_work_dept').where('additional_id', 'in', unique).execute();
      await tx.deleteFrom('teaching_additional_work').where('id', 'in', unique).execute();
    });
    return ok(c, null, '删除成功!', 200);
  };
  r.at(homeworkApi.delete, perm('additional:del'), (c) => remove(c, idList(c.req.query('id'), 1)));
  r.at(homeworkApi.deleteBatch, perm('additional:del'), (c) => remove(c, idList(c.req.query('ids'))));

  // Ours: who of the homework's classes (in the caller's scope) handed it in, with the grade, and who did not.
  r.at(homeworkApi.submissions, screen, async (c) => {
    const scope = await staffScope(c);
    if (scope instanceof Response) return scope;
    const row = await staffHomework(c, scope, c.req.query('id') ?? '');
    if (!row) return fail(c, NOT_FOUND);
    const result = await submissions(c.get('deps').db, scope, row.id);
    return ok(c, { ...result, additionalId: row.id, workName: row.workName }, '操作成功！', 200);
  });

  r.at(myHomeworkApi.list, LOGGED_IN, async (c) => {
    const q = queryParams(c, mineQuery);
    if (!q.ok) return q.response;
    const records = await mineAdditionalWork(c.get('deps').db, c.get('user')!.id, q.data);
    // DictResult: code 0, as the anchor.
    return ok(c, records, '操作成功！', 0);
  });
}

