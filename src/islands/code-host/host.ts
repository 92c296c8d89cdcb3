// The editor host every creation page shares (Scratch /scratch3/, 积木编程 /blockly/, 图形化Python /python/): the
// anchor's URL parameters and load priority, the draft kept in IndexedDB and offered back after a crash, saving
// (project file and cover uploaded, then /api/teaching/teachingWork/submit with 保存 = status 0 and 提交 = 1),
// re-login without leaving the page, and the bar's buttons (rendered by the server: templates/editor-host.tsx).
// Each editor supplies only what is its own: how to read its project and cover, its work type and upload folder.
//
// URL parameters (teaching-open's): scene, workId, unitId, workFile (or url), workName, departId, additionalId.
// Load priority: a draft the child chooses to restore, else workFile → workId → unitId → a new project.
import { draftStore, type Draft } from './drafts';
import { api, ApiError, relogin as reloginDialog } from './session';
import { h, openDialog, setStatus } from './ui';

/* eslint-disable @typescript-eslint/no-explicit-any */
interface HostUser {
  id: string;
  username: string;
  realname: string;
}

/** What the page hands the host script (JSON in #xt-editor-boot; pages/editor-host.ts writes it). */
export interface HostBoot {
  user: HostUser | null;
  brandName: string;
  logo: string;
  publicUrl?: string;
  here?: string;
}

export interface HostOptions {
  /** IndexedDB database of this editor's drafts. */
  draftDb: string;
  /** work_type dictionary value (2 Scratch3.0, 4 图形化Python, 10 积木编程). */
  workType: string;
  /** Upload folder of the project file and the cover (`biz`). */
  uploadBiz: string;
  /** Extension of the project file's upload name (sb3, json). */
  fileExt: string;
  /** The title of a new project. */
  defaultTitle(user: HostUser | null): string;
  /** The project as the file to upload. */
  project(): Promise<Blob>;
  /** The cover (a stage snapshot), or null when there is none. */
  cover(): Promise<Blob | null>;
  /** The project's title as the child named it ('' for none). */
  title(): string;
  /** Fields of the submit body of this editor's own (Scratch: hasCloudData). */
  extraBody?(): Record<string, unknown>;
  /** After a successful save (Scratch connects cloud variables once a new work has an id). */
  afterSave?(id: string, firstSave: boolean): void;
  /** How to keep a copy when saving failed, after “请稍后再试，” (e.g. “或用“文件 → 保存到电脑”下载备份”). */
  backupHint?: string;
}

export interface Source {
  /** The project file's bytes; null: a new project. */
  data: ArrayBuffer | null;
  title: string;
  /** Why the wanted project did not open (shown as an error). */
  note?: string;
}

const DRAFT_DELAY_MS = 1500;

export function readBoot(): HostBoot {
  return JSON.parse(document.getElementById('xt-editor-boot')?.textContent || '{}');
}

/** Only this site's files (the page's CSP refuses any other origin anyway). */
export async function fetchProjectFile(url: string): Promise<ArrayBuffer> {
  const u = new URL(url, location.href);
  if (u.origin !== location.origin) throw new Error('只能打开本站的作品文件');
  let res: Response;
  try {
    res = await fetch(u.href, { credentials: 'same-origin' });
  } catch {
    throw new Error('网络连接失败，作品文件没有下载下来');
  }
  if (!res.ok) throw new Error(res.status === 404 ? '作品文件不存在或已被删除' : `作品文件下载失败（${res.status}）`);
  return res.arrayBuffer();
}

/** A file name the upload keeps readable: the title without path or control characters. */
// eslint-disable-next-line no-control-regex -- control characters in a title would end up in the uploaded file's name
const fileName = (title: string, ext: string) => `${title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 60) || 'project'}.${ext}`;

export function createHost(opts: HostOptions) {
  const boot = readBoot();
  const drafts = draftStore(opts.draftDb);
  let user = boot.user;
  const q = new URLSearchParams(location.search);
  const param = (k: string) => (q.get(k) ?? '').trim();
  const params = {
    scene: param('scene') || 'create',
    workId: param('workId'),
    unitId: param('unitId'),
    // `url`: the name teaching-open's 图形化Python and Blockly pages take a project file's address under.
    workFile: param('workFile') || param('url'),
    workName: param('workName'),
    departId: param('departId'),
    additionalId: param('additionalId'),
  };
  /** The draft's key: who is editing what (students share school PCs). */
  const context = params.workId
    ? `work:${params.workId}`
    : params.additionalId
      ? `additional:${params.additionalId}`
      : params.unitId
        ? `unit:${params.unitId}`
        : params.workFile
          ? `file:${params.workFile}`
          : 'new';
  const draftKey = `${user?.id ?? 'guest'}|${context}`;

  /** The work saves go into: the opened work (when it is the user's own), then what the last save returned. */
  let savedId: string | null = null;
  let loaded = false;
  let dirty = false;
  let saving = false;
  let draftTimer: ReturnType<typeof setTimeout> | null = null;

  const title = () => (opts.title().trim() || opts.defaultTitle(user)).slice(0, 64);

  async function workInfo(id: string): Promise<any> {
    const w = await api<any>(`/api/teaching/teachingWork/studentWorkInfo?workId=${encodeURIComponent(id)}`);
    // Saving another's work (a teacher's "查看代码") makes the user's own copy; the server refuses their id anyway.
    if (user && w.userId === user.id) savedId = String(w.id);
    return w;
  }

  async function resolveSource(): Promise<Source> {
    const named = (t: string | undefined | null) => params.workName || t || opts.defaultTitle(user);
    try {
      if (params.workFile) return { data: await fetchProjectFile(params.workFile), title: named(null) };
      if (params.workId) {
        const w = await workInfo(params.workId);
        if (!w.workFileKey_url) throw new Error('这个作品没有作品文件');
        return { data: await fetchProjectFile(w.workFileKey_url), title: named(w.workName) };
      }
      if (params.unitId) {
        const unit = await api<any>(`/api/teaching/teachingCourseUnit/getUnitWorkInfo?unitId=${encodeURIComponent(params.unitId)}`);
        if (!unit.courseWork_url) return { data: null, title: named(unit.unitName), note: '这个课程单元没有预设作品，已打开新作品' };
        return { data: await fetchProjectFile(unit.courseWork_url), title: named(unit.unitName) };
      }
    } catch (e) {
      const msg = e instanceof ApiError && e.kind === 'expired' ? '需要登录后才能打开这个作品' : (e as Error).message;
      return { data: null, title: named(null), note: `${msg}，已打开新作品` };
    }
    return { data: null, title: named(null) };
  }

  async function offerDraft(): Promise<Draft | null> {
    let draft: Draft | undefined;
    // A visitor who made something and then logged in (登录后可保存) finds it again under their account.
    const guestKey = `guest|${context}`;
    try {
      draft = (await drafts.read(draftKey)) ?? (user ? await drafts.read(guestKey) : undefined);
    } catch {
      return null; // private mode or storage disabled: nothing to offer
    }
    if (!draft) return null;
    if (draft.key === guestKey && user) {
      await drafts.remove(guestKey).catch(() => undefined);
      draft = { ...draft, key: draftKey };
      await drafts.write(draft).catch(() => undefined);
    }
    const when = new Date(draft.time).toLocaleString('zh-CN', { hour12: false });
    const choice = await openDialog<'restore' | 'discard'>({
      title: '恢复未保存的作品',
      body: [h('p', {}, `上次编辑的“${draft.title}”还没有保存（${when}）。要恢复它吗？`), h('p', { class: 'xt-dlg-note' }, '选择“丢弃”会删除这份暂存，打开原来的作品。')],
      buttons: [
        { label: '丢弃', value: 'discard', danger: true },
        { label: '恢复', value: 'restore', primary: true },
      ],
    }).result;
    if (choice === 'restore') return draft;
    await drafts.remove(draftKey).catch(() => undefined);
    return null;
  }

  /** What to open: a restored draft (still saving into the opened work when it is the user's own), else the priority. */
  async function open(): Promise<{ source: Source; restored: boolean }> {
    const draft = await offerDraft();
    if (!draft) return { source: await resolveSource(), restored: false };
    savedId = draft.savedId;
    if (params.workId && !savedId) await workInfo(params.workId).catch(() => undefined);
    return { source: { data: await draft.project.arrayBuffer(), title: draft.title }, restored: true };
  }

  async function keepDraft(): Promise<void> {
    if (!dirty) return;
    try {
      await drafts.write({ key: draftKey, project: await opts.project(), title: title(), savedId, time: Date.now() });
      if (dirty && !saving) setStatus(`已暂存到本机 ${new Date().toLocaleTimeString('zh-CN', { hour12: false })}（还没有保存到服务器）`, 'info');
    } catch {
      /* storage full or disabled: the editor itself still holds the project */
    }
  }

  /** The editor reports each change of the project: a draft is written shortly after. */
  function changed(): void {
    if (!loaded) return;
    dirty = true;
    if (draftTimer) clearTimeout(draftTimer);
    draftTimer = setTimeout(() => {
      draftTimer = null;
      void keepDraft();
    }, DRAFT_DELAY_MS);
  }

  function setButtons(enabled: boolean) {
    for (const id of ['xt-ed-save', 'xt-ed-submit']) {
      const b = document.getElementById(id) as HTMLButtonElement | null;
      if (b) b.disabled = !enabled || !loaded;
    }
  }

  /** The project is open: changes from now on are the child's; a restored draft counts as unsaved. */
  function ready(opened: { source: Source; restored: boolean }, readyText?: string): void {
    loaded = true;
    dirty = opened.restored;
    setButtons(true);
    const s = opened.source;
    setStatus(s.note ?? (opened.restored ? '已恢复未保存的作品' : readyText ?? (boot.user ? '就绪' : '未登录：可以创作，登录后可保存')), s.note ? 'error' : 'ok');
    document.body.dataset.editorReady = '1';
  }

  async function upload(blob: Blob, name: string): Promise<string> {
    const form = new FormData();
    form.append('biz', opts.uploadBiz);
    form.append('file', blob, name);
    const r = await api<{ id: string }>('/api/sys/common/upload', { method: 'POST', body: form });
    if (!r || !r.id) throw new ApiError('上传失败：服务器没有返回文件编号', 'server');
    return String(r.id);
  }

  /** Logs in again without leaving the editor; the bar then shows who is logged in. */
  async function relogin(): Promise<boolean> {
    const me = await reloginDialog(user?.username ?? '');
    if (!me) return false;
    user = me;
    const name = document.querySelector('.xt-ed-user');
    if (name) name.textContent = me.realname || me.username;
    return true;
  }

  function showSuccess(name: string, status: 0 | 1, id: string) {
    const link = `${boot.publicUrl || location.origin}/work-detail?id=${encodeURIComponent(id)}`;
    openDialog({
      title: `${name} ${status === 1 ? '提交成功' : '保存成功'}`,
      className: 'xt-dlg-success',
      body: [
        h('img', { class: 'xt-ed-qr', src: `/scratch3/qr.svg?id=${encodeURIComponent(id)}`, alt: `二维码：${link}`, width: '180', height: '180' }),
        h('p', {}, '微信扫描二维码使用手机体验'),
        h('p', {}, '分享链接：', h('a', { href: link, target: '_blank', rel: 'noopener', class: 'xt-ed-share' }, link)),
      ],
      buttons: [{ label: '继续创作', value: 0, primary: true }],
      dismiss: 0,
    });
  }

  async function save(status: 0 | 1): Promise<void> {
    if (saving || !loaded) return;
    saving = true;
    setButtons(false);
    const verb = status === 1 ? '提交' : '保存';
    setStatus(`正在${verb}……`, 'busy');
    const name = title();
    try {
      const project = await opts.project();
      // First into the browser: whatever happens to the upload, the project is kept here.
      await drafts.write({ key: draftKey, project, title: name, savedId, time: Date.now() }).catch(() => undefined);
      const coverBlob = await opts.cover();
      const workFile = await upload(project, fileName(name, opts.fileExt));
      const workCover = coverBlob ? await upload(coverBlob, fileName(name, coverBlob.type === 'image/png' ? 'png' : 'jpg')) : undefined;
      const body: Record<string, unknown> = {
        id: savedId || undefined,
        courseId: params.unitId || undefined,
        additionalId: params.additionalId || undefined,
        departId: params.departId || undefined,
        workName: name,
        workType: opts.workType,
        workStatus: status,
        workScene: params.scene,
        workFile,
        workCover,
        ...(opts.extraBody?.() ?? {}),
      };
      const work = await api<{ id: string }>('/api/teaching/teachingWork/submit', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const firstSave = !savedId;
      savedId = String(work.id);
      dirty = false;
      opts.afterSave?.(savedId, firstSave);
      await drafts.remove(draftKey).catch(() => undefined);
      setStatus(`${verb}成功`, 'ok');
      saving = false;
      setButtons(true);
      showSuccess(name, status, savedId);
    } catch (e) {
      saving = false;
      setButtons(true);
      const err = e instanceof ApiError ? e : new ApiError((e as Error).message || '未知错误', 'server');
      if (err.kind === 'expired') {
        setStatus('登录已过期，作品还在编辑器里', 'error');
        if (await relogin()) return save(status);
        return;
      }
      const kept = '作品没有丢失：它仍在编辑器里，也暂存在了这台电脑的浏览器中。';
      const backup = opts.backupHint ? `，${opts.backupHint}` : '';
      const text =
        err.kind === 'network'
          ? `网络连接失败，作品没有上传。${kept}请检查网络后再点“${verb}”${backup}。`
          : err.kind === 'server'
            ? `${err.message}，作品没有上传。${kept}请稍后再试${backup}。`
            : `${err.message}。${kept}`;
      setStatus(`${verb}失败`, 'error');
      await openDialog({ title: `${verb}失败`, body: [h('p', { role: 'alert' }, text)], buttons: [{ label: '知道了', value: 0, primary: true }], dismiss: 0 }).result;
    }
  }

  document.getElementById('xt-ed-save')?.addEventListener('click', () => void save(0));
  document.getElementById('xt-ed-submit')?.addEventListener('click', () => void save(1));
  window.addEventListener('beforeunload', (e) => {
    if (!dirty && !saving) return;
    if (draftTimer) void keepDraft();
    e.preventDefault();
    e.returnValue = '';
  });

  return {
    boot,
    params,
    get user() {
      return user;
    },
    get savedId() {
      return savedId;
    },
    open,
    ready,
    changed,
    save,
  };
}
