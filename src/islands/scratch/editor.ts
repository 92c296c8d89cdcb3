// Host of the Scratch editor (/scratch3/index.html). The GUI (@scratch/scratch-gui-standalone, AGPL-3.0) is a
// separate, unmodified script that sets the global `GUI`; this file is our own code and only talks to it through
// its public embedding API: EditorState + createStandaloneRoot, our GUIStorage (projects and assets from this
// server only), dynamicAssets (the school's 素材库), and the VM for saving.
//
// The anchor's contract (teaching-open /scratch3/index.html): URL parameters scene, workId, unitId, workFile,
// workName, departId, additionalId; load priority workFile → workId → unitId → the default project; 保存 sends
// workStatus 0 and 提交 1 to /api/teaching/teachingWork/submit after uploading the .sb3 and a cover.
import { backpackAssetUrls, backpackStorage } from './_backpack';
import { deleteDraft, readDraft, writeDraft, type Draft } from './_drafts';
import { api, ApiError, relogin as reloginDialog } from './_session';
import { h, openDialog, setStatus } from './_ui';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const GUI: any;

interface Boot {
  user: { id: string; username: string; realname: string } | null;
  brandName: string;
  logo: string;
  guiVersion: string;
  publicUrl?: string;
}

const COVER_MAX = 1024 * 1024;
const DRAFT_DELAY_MS = 1500;
const assetUrl = (assetId: string, dataFormat: string) => `/api/sys/common/static/internalapi/asset/${assetId}.${dataFormat}`;

const boot: Boot = JSON.parse(document.getElementById('xt-editor-boot')?.textContent || '{}');
let user = boot.user;
const q = new URLSearchParams(location.search);
const param = (k: string) => (q.get(k) ?? '').trim();
const params = {
  scene: param('scene') || 'create',
  workId: param('workId'),
  unitId: param('unitId'),
  workFile: param('workFile'),
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

/** The work this editor saves into: the opened work (when it is the user's own), then what the last save returned. */
let savedId: string | null = null;
let vm: any = null;
let state: any = null;
let loaded = false;
let dirty = false;
let saving = false;

// ---------------------------------------------------------------------------------------------------------
// Talking to the server.

async function fetchProjectFile(url: string): Promise<ArrayBuffer> {
  const u = new URL(url, location.href);
  // Only this site's files: the page's CSP refuses any other origin anyway.
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

// ---------------------------------------------------------------------------------------------------------
// What to open: a restored draft, else the anchor's priority.

interface Source {
  data: ArrayBuffer | null; // null: the default project
  title: string;
  note?: string;
}

const defaultTitle = () => (user?.realname ? `${user.realname}作品` : 'Scratch作品');

async function resolveSource(): Promise<Source> {
  const named = (t: string | undefined | null) => params.workName || t || defaultTitle();
  try {
    if (params.workFile) return { data: await fetchProjectFile(params.workFile), title: named(null) };
    if (params.workId) {
      const w = await api<any>(`/api/teaching/teachingWork/studentWorkInfo?workId=${encodeURIComponent(params.workId)}`);
      // Saving another's work (a teacher's "查看代码") makes the user's own copy; the server refuses their id anyway.
      if (user && w.userId === user.id) savedId = String(w.id);
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
    draft = (await readDraft(draftKey)) ?? (user ? await readDraft(guestKey) : undefined);
  } catch {
    return null; // private mode or storage disabled: nothing to offer
  }
  if (!draft) return null;
  if (draft.key === guestKey && user) {
    await deleteDraft(guestKey).catch(() => undefined);
    draft = { ...draft, key: draftKey };
    await writeDraft(draft).catch(() => undefined);
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
  await deleteDraft(draftKey).catch(() => undefined);
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// The GUI.

const PROJECT_ID = '1';

function makeStorage(initial: Source) {
  const storage = new GUI.ScratchStorage();
  const AT = storage.AssetType;
  const DF = storage.DataFormat;
  const storeDefault = (translator?: unknown) => {
    for (const a of GUI.buildDefaultProject(translator)) {
      storage.builtinHelper._store(AT[a.assetType], DF[a.dataFormat], a.data, a.id);
      // The opening project, when it is the default one, under our id (so the GUI keeps our title).
      if (a.assetType === 'Project' && !initial.data) storage.builtinHelper._store(AT.Project, DF.JSON, a.data, PROJECT_ID);
    }
  };
  storeDefault();
  if (initial.data) storage.builtinHelper._store(AT.Project, DF.JSON, new Uint8Array(initial.data), PROJECT_ID);
  // Costumes and sounds a project does not carry (library items): the school's asset files on this server.
  // (Backpack costumes and sounds come from their backpack URLs.)
  storage.addWebStore([AT.ImageVector, AT.ImageBitmap, AT.Sound], (a: { assetId: string; dataFormat: string }) => backpackAssetUrls.get(`${a.assetId}.${a.dataFormat}`) ?? assetUrl(a.assetId, a.dataFormat));
  // A library item whose files this server does not have (the stock Scratch library is not shipped: see the
  // README) shows as a "?" costume or a silent sound: say so, rather than leave the child wondering.
  const load = storage.load.bind(storage);
  const media = new Set([AT.ImageVector, AT.ImageBitmap, AT.Sound]);
  storage.load = (type: unknown, id: string, format: string) => {
    const warn = () => {
      if (loaded && media.has(type)) setStatus('有素材在本校服务器上找不到（显示为“?”或没有声音），请改用学校素材库中的素材', 'error');
    };
    return load(type, id, format).then(
      (asset: unknown) => {
        if (!asset) warn();
        return asset;
      },
      (err: unknown) => {
        warn();
        throw err;
      },
    );
  };
  return {
    scratchStorage: storage,
    ...(user ? { backpackStorage, cloudVariables: { createProvider: cloudProvider } } : {}),
    setBackpackHost: () => undefined,
    setTranslatorFunction: (fn: unknown) => storeDefault(fn),
    getLibraryAssetUrl: (assetId: string, dataFormat: string) => assetUrl(assetId, dataFormat),
    saveProject: () => Promise.reject(new Error('请使用页面上方的“保存”按钮')),
  };
}

/** Cloud variables (云变量) are kept per work: a project not saved yet has no work id, so its cloud variables stay
 * in this browser until the first save (the next opening of the work connects). */
function cloudProvider(host: string, v: unknown, username: string) {
  if (!savedId) {
    return {
      isConnectedOrConnecting: () => false,
      createVariable: () => undefined,
      updateVariable: () => undefined,
      renameVariable: () => undefined,
      deleteVariable: () => undefined,
      requestCloseConnection: () => undefined,
    };
  }
  return new GUI.LegacyCloudProvider(host, v, username, savedId);
}

/** The school's 素材库 as the GUI's dynamicAssets (4 角色, 3 造型, 1 背景, 2 声音). */
async function schoolAssets() {
  if (!user) return undefined;
  const load = (t: number) =>
    api<any[]>(`/api/teaching/teachingScratchAssets/getScratchAssets?assetType=${t}`).then(
      (items) => (Array.isArray(items) ? items.filter((x) => x && typeof x === 'object' && x.name).map((x) => ({ ...x, isPublic: true })) : []),
      () => [],
    );
  const [sprites, costumes, backdrops, sounds] = await Promise.all([load(4), load(3), load(1), load(2)]);
  return { sprites, costumes, backdrops, sounds };
}

function projectTitle(): string {
  const t = state?.store?.getState?.().scratchGui?.projectTitle;
  return (typeof t === 'string' && t.trim()) || defaultTitle();
}

// ---------------------------------------------------------------------------------------------------------
// Drafts: written shortly after each change, removed after a successful save.

let draftTimer: ReturnType<typeof setTimeout> | null = null;

async function keepDraft(): Promise<void> {
  if (!vm || !dirty) return;
  try {
    const sb3: Blob = await vm.saveProjectSb3();
    await writeDraft({ key: draftKey, sb3, title: projectTitle(), savedId, time: Date.now() });
    if (dirty && !saving) setStatus(`已暂存到本机 ${new Date().toLocaleTimeString('zh-CN', { hour12: false })}（还没有保存到服务器）`, 'info');
  } catch {
    /* storage full or disabled: the editor itself still holds the project */
  }
}

function onChanged() {
  if (!loaded) return;
  dirty = true;
  if (draftTimer) clearTimeout(draftTimer);
  draftTimer = setTimeout(() => {
    draftTimer = null;
    void keepDraft();
  }, DRAFT_DELAY_MS);
}

// ---------------------------------------------------------------------------------------------------------
// Saving: .sb3 and cover up, then the work row.

function cover(): Promise<Blob | null> {
  return new Promise((resolve) => {
    const renderer = vm?.renderer;
    if (!renderer?.requestSnapshot) return resolve(null);
    const timer = setTimeout(() => resolve(null), 5000);
    renderer.requestSnapshot((dataUrl: string) => {
      const img = new Image();
      img.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = 480;
        canvas.height = 360;
        const g = canvas.getContext('2d')!;
        g.fillStyle = '#fff';
        g.fillRect(0, 0, 480, 360);
        g.drawImage(img, 0, 0, 480, 360);
        const attempt = (quality: number) =>
          canvas.toBlob(
            (b) => {
              if (b && b.size > COVER_MAX && quality > 0.3) return attempt(quality - 0.2);
              clearTimeout(timer);
              resolve(b && b.size <= COVER_MAX ? b : null);
            },
            'image/jpeg',
            quality,
          );
        attempt(0.85);
      };
      img.onerror = () => {
        clearTimeout(timer);
        resolve(null);
      };
      img.src = dataUrl;
    });
  });
}

/** A file name the upload keeps readable: the title without path or control characters. */
// eslint-disable-next-line no-control-regex -- control characters in a title would end up in the uploaded file's name
const fileName = (title: string, ext: string) => `${title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 60) || 'project'}.${ext}`;

async function upload(blob: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('biz', 'project3');
  form.append('file', blob, name);
  const r = await api<{ id: string }>('/api/sys/common/upload', { method: 'POST', body: form });
  if (!r || !r.id) throw new ApiError('上传失败：服务器没有返回文件编号', 'server');
  return String(r.id);
}

async function save(status: 0 | 1): Promise<void> {
  if (saving || !vm) return;
  saving = true;
  setButtons(false);
  const verb = status === 1 ? '提交' : '保存';
  setStatus(`正在${verb}……`, 'busy');
  const title = projectTitle().slice(0, 64);
  try {
    const sb3: Blob = await vm.saveProjectSb3();
    // First into the browser: whatever happens to the upload, the project is kept here.
    await writeDraft({ key: draftKey, sb3, title, savedId, time: Date.now() }).catch(() => undefined);
    const coverBlob = await cover();
    const workFile = await upload(sb3, fileName(title, 'sb3'));
    const workCover = coverBlob ? await upload(coverBlob, fileName(title, 'jpg')) : undefined;
    const hasCloudData = Boolean(vm.runtime?.hasCloudData?.());
    const body: Record<string, unknown> = {
      id: savedId || undefined,
      courseId: params.unitId || undefined,
      additionalId: params.additionalId || undefined,
      departId: params.departId || undefined,
      workName: title,
      workType: '2',
      workStatus: status,
      workScene: params.scene,
      workFile,
      workCover,
      hasCloudData,
    };
    const work = await api<{ id: string }>('/api/teaching/teachingWork/submit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const firstSave = !savedId;
    savedId = String(work.id);
    dirty = false;
    // The anchor's rule: cloud variables belong to the work, so a new project's go live once it has an id.
    if (firstSave && hasCloudData && user) {
      try {
        vm.setCloudProvider(new GUI.LegacyCloudProvider(`${location.host}/api/websocket/scratch/cloudData`, vm, user.username, savedId));
      } catch {
        /* cloud variables stay local until the work is opened again */
      }
    }
    await deleteDraft(draftKey).catch(() => undefined);
    setStatus(`${verb}成功`, 'ok');
    saving = false;
    setButtons(true);
    showSuccess(title, status, savedId);
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
    const text =
      err.kind === 'network'
        ? `网络连接失败，作品没有上传。${kept}请检查网络后再点“${verb}”，或用“文件 → 保存到电脑”下载备份。`
        : err.kind === 'server'
          ? `${err.message}，作品没有上传。${kept}请稍后再试，或用“文件 → 保存到电脑”下载备份。`
          : `${err.message}。${kept}`;
    setStatus(`${verb}失败`, 'error');
    await openDialog({ title: `${verb}失败`, body: [h('p', { role: 'alert' }, text)], buttons: [{ label: '知道了', value: 0, primary: true }], dismiss: 0 }).result;
  }
}

function showSuccess(title: string, status: 0 | 1, id: string) {
  const link = `${boot.publicUrl || location.origin}/work-detail?id=${encodeURIComponent(id)}`;
  openDialog({
    title: `${title} ${status === 1 ? '提交成功' : '保存成功'}`,
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

/** Logs in again without leaving the editor; the bar then shows who is logged in. */
async function relogin(): Promise<boolean> {
  const me = await reloginDialog(user?.username ?? '');
  if (!me) return false;
  user = me;
  const name = document.querySelector('.xt-ed-user');
  if (name) name.textContent = me.realname || me.username;
  return true;
}

function setButtons(enabled: boolean) {
  for (const id of ['xt-ed-save', 'xt-ed-submit']) {
    const b = document.getElementById(id) as HTMLButtonElement | null;
    if (b) b.disabled = !enabled || !loaded;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Start.

async function start() {
  const el = document.getElementById('xt-ed-gui')!;
  if (typeof GUI === 'undefined') {
    setStatus('编辑器没有加载成功，请刷新页面', 'error');
    return;
  }
  const assetsPromise = schoolAssets();
  const draft = await offerDraft();
  let source: Source;
  if (draft) {
    source = { data: await draft.sb3.arrayBuffer(), title: draft.title };
    savedId = draft.savedId;
  } else {
    source = await resolveSource();
  }
  if (draft && params.workId && !savedId) {
    // A restored draft of an opened work still saves into that work (when it is the user's own).
    try {
      const w = await api<any>(`/api/teaching/teachingWork/studentWorkInfo?workId=${encodeURIComponent(params.workId)}`);
      if (user && w.userId === user.id) savedId = String(w.id);
    } catch {
      /* saved as a new work */
    }
  }
  const storage = makeStorage(source);
  state = new GUI.EditorState({ locale: 'zh-cn' }, () => ({ storage }));
  GUI.setAppElement(el);
  const root = GUI.createStandaloneRoot(state, el);
  const props: Record<string, unknown> = {
    projectId: PROJECT_ID,
    projectTitle: source.title,
    canSave: false,
    canCreateNew: true,
    canEditTitle: true,
    canManageFiles: true,
    canShare: false,
    // 书包 and 云变量 for the logged-in (the server keeps both per user / per work).
    backpackVisible: Boolean(user),
    backpackHost: user ? '/api/teaching/scratch/backpack' : undefined,
    cloudHost: `${location.host}/api/websocket/scratch/cloudData`,
    username: user?.username,
    hasCloudPermission: Boolean(user),
    canModifyCloudData: Boolean(user),
    basePath: '/',
    logo: boot.logo,
    onClickLogo: () => window.open('/home', '_blank', 'noopener'),
    onVmInit: (v: any) => {
      vm = v;
      (window as any).vm = v; // as the anchor's pages expose it (tests and the school's scripts use it)
      v.on('PROJECT_CHANGED', onChanged);
    },
    onProjectLoaded: () => {
      // Changes the loading itself reports are not the child's.
      setTimeout(() => {
        loaded = true;
        dirty = Boolean(draft);
        setButtons(true);
        setStatus(source.note ?? (draft ? '已恢复未保存的作品' : boot.user ? '就绪' : '未登录：可以创作和下载到电脑，登录后可保存'), source.note ? 'error' : 'ok');
        document.body.dataset.editorReady = '1';
      }, 300);
    },
  };
  const dynamicAssets = await assetsPromise;
  if (dynamicAssets) props.dynamicAssets = dynamicAssets;
  root.render(props);
  document.getElementById('xt-ed-about')?.removeAttribute('hidden');
  ownLogo();
}

/** The GUI's menu bar shows the Scratch logo whatever its props say: ours goes there (Scratch's trademark is
 * not ours to use for this site). Only the image's source changes; the GUI code stays as it ships. */
function ownLogo(tries = 0) {
  const img = document.getElementById('logo_img') as HTMLImageElement | null;
  if (!img) {
    if (tries < 100) setTimeout(() => ownLogo(tries + 1), 100);
    return;
  }
  img.src = boot.logo;
  img.alt = boot.brandName;
  img.classList.add('xt-ed-gui-logo');
}

document.getElementById('xt-ed-save')?.addEventListener('click', () => void save(0));
document.getElementById('xt-ed-submit')?.addEventListener('click', () => void save(1));
window.addEventListener('beforeunload', (e) => {
  if (!dirty && !saving) return;
  if (draftTimer) void keepDraft();
  e.preventDefault();
  e.returnValue = '';
});
void start().catch((e) => {
  console.error(e);
  setStatus('编辑器启动失败，请刷新页面', 'error');
});
