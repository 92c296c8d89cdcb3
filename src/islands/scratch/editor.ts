// Host of the Scratch editor (/scratch3/index.html). The GUI (@scratch/scratch-gui-standalone, AGPL-3.0) is a
// separate, unmodified script that sets the global `GUI`; this file is our own code and only talks to it through
// its public embedding API: EditorState + createStandaloneRoot, our GUIStorage (projects and assets from this
// server only), dynamicAssets (the school's 素材库), and the VM for saving.
//
// The anchor's contract (teaching-open /scratch3/index.html) — URL parameters, load priority, drafts, 保存 (status
// 0) / 提交 (1) through /api/teaching/teachingWork/submit after uploading the .sb3 and a cover, re-login — is the
// shared editor host's (../code-host/host.ts); this file adds what is Scratch's: the GUI, its storage, cloud
// variables, the backpack and the stage snapshot.
import { backpackAssetUrls, backpackStorage } from './_backpack';
import { createHost, type Source } from '../code-host/host';
import { api } from '../code-host/session';
import { setStatus } from '../code-host/ui';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const GUI: any;

const COVER_MAX = 1024 * 1024;
const assetUrl = (assetId: string, dataFormat: string) => `/api/sys/common/static/internalapi/asset/${assetId}.${dataFormat}`;

let vm: any = null;
let state: any = null;
let loaded = false;

const host = createHost({
  draftDb: 'xt-scratch',
  workType: '2',
  uploadBiz: 'project3',
  fileExt: 'sb3',
  defaultTitle: (u) => (u?.realname ? `${u.realname}作品` : 'Scratch作品'),
  project: () => vm.saveProjectSb3(),
  cover,
  title: () => {
    const t = state?.store?.getState?.().scratchGui?.projectTitle;
    return typeof t === 'string' ? t : '';
  },
  extraBody: () => ({ hasCloudData: Boolean(vm.runtime?.hasCloudData?.()) }),
  afterSave: (id, firstSave) => {
    // The anchor's rule: cloud variables belong to the work, so a new project's go live once it has an id.
    if (!firstSave || !vm.runtime?.hasCloudData?.() || !host.user) return;
    try {
      vm.setCloudProvider(new GUI.LegacyCloudProvider(`${location.host}/api/websocket/scratch/cloudData`, vm, host.user.username, id));
    } catch {
      /* cloud variables stay local until the work is opened again */
    }
  },
  backupHint: '或用“文件 → 保存到电脑”下载备份',
});
const boot = host.boot;

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
    ...(host.user ? { backpackStorage, cloudVariables: { createProvider: cloudProvider } } : {}),
    setBackpackHost: () => undefined,
    setTranslatorFunction: (fn: unknown) => storeDefault(fn),
    getLibraryAssetUrl: (assetId: string, dataFormat: string) => assetUrl(assetId, dataFormat),
    saveProject: () => Promise.reject(new Error('请使用页面上方的“保存”按钮')),
  };
}

/** Cloud variables (云变量) are kept per work: a project not saved yet has no work id, so its cloud variables stay
 * in this browser until the first save (the next opening of the work connects). */
function cloudProvider(cloudHost: string, v: unknown, username: string) {
  if (!host.savedId) {
    return {
      isConnectedOrConnecting: () => false,
      createVariable: () => undefined,
      updateVariable: () => undefined,
      renameVariable: () => undefined,
      deleteVariable: () => undefined,
      requestCloseConnection: () => undefined,
    };
  }
  return new GUI.LegacyCloudProvider(cloudHost, v, username, host.savedId);
}

/** The school's 素材库 as the GUI's dynamicAssets (4 角色, 3 造型, 1 背景, 2 声音). */
async function schoolAssets() {
  if (!host.user) return undefined;
  const load = (t: number) =>
    api<any[]>(`/api/teaching/teachingScratchAssets/getScratchAssets?assetType=${t}`).then(
      (items) => (Array.isArray(items) ? items.filter((x) => x && typeof x === 'object' && x.name).map((x) => ({ ...x, isPublic: true })) : []),
      () => [],
    );
  const [sprites, costumes, backdrops, sounds] = await Promise.all([load(4), load(3), load(1), load(2)]);
  return { sprites, costumes, backdrops, sounds };
}

// ---------------------------------------------------------------------------------------------------------
// The cover: the stage's snapshot.

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

// ---------------------------------------------------------------------------------------------------------
// Start.

async function start() {
  const el = document.getElementById('xt-ed-gui')!;
  if (typeof GUI === 'undefined') {
    setStatus('编辑器没有加载成功，请刷新页面', 'error');
    return;
  }
  const assetsPromise = schoolAssets();
  const opened = await host.open();
  const source: Source = opened.source;
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
    backpackVisible: Boolean(host.user),
    backpackHost: host.user ? '/api/teaching/scratch/backpack' : undefined,
    cloudHost: `${location.host}/api/websocket/scratch/cloudData`,
    username: host.user?.username,
    hasCloudPermission: Boolean(host.user),
    canModifyCloudData: Boolean(host.user),
    basePath: '/',
    logo: boot.logo,
    onClickLogo: () => window.open('/home', '_blank', 'noopener'),
    onVmInit: (v: any) => {
      vm = v;
      (window as any).vm = v; // as the anchor's pages expose it (tests and the school's scripts use it)
      v.on('PROJECT_CHANGED', host.changed);
    },
    onProjectLoaded: () => {
      // Changes the loading itself reports are not the child's.
      setTimeout(() => {
        loaded = true;
        host.ready(opened, boot.user ? '就绪' : '未登录：可以创作和下载到电脑，登录后可保存');
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

void start().catch((e) => {
  console.error(e);
  setStatus('编辑器启动失败，请刷新页面', 'error');
});
