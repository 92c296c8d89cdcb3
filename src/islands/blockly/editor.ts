// 积木编程 (/blockly/index.html): Blockly with Chinese blocks, the turtle stage and the shared editor host
// (../code-host/host.ts: drafts, 保存 / 提交, re-login). Two modes of one page, as the anchor uses it:
// - edit (`scene=create`, `unitId`, `additionalId`, or the author's own `workId`): toolbox, saving, drafts;
// - play (`mode=play`; `workId` or a file (`workFile`/`url`) without a scene in a frame; another's `workId`): read-only,
//   the program run at once, the parent told when the first frame is drawn (../scratch/_protocol.ts messages).
// The project file is the versioned envelope of src/server/shared/code-projects.ts (names repeated below: islands
// do not import server code).
import * as Blockly from 'blockly/core';
import 'blockly/blocks';
import * as zhHans from 'blockly/msg/zh-hans';
import { createHost, fetchProjectFile, readBoot } from '../code-host/host';
import { api, ApiError } from '../code-host/session';
import { setStatus } from '../code-host/ui';
import type { FromPlayer, ToPlayer } from '../scratch/_protocol';
import { defineBlocks, programOf, TOOLBOX } from './_blocks';
import { Run, type RunEnd } from './_runner';
import { Stage, STAGE_SIZE } from './_stage';

/* eslint-disable @typescript-eslint/no-explicit-any */
const FORMAT = 'xuetang-blockly';
const VERSION = 1;
const COVER_BUDGET_MS = 3000;

const boot = readBoot() as ReturnType<typeof readBoot> & { worker: string; media: string };
const q = new URLSearchParams(location.search);
const framed = window.parent !== window;
/** Framed as a player (/work-detail's frame, a 预览 dialog), not as a page of the back office's iframe view. */
const asPlayer = (() => {
  try {
    return !!window.frameElement?.closest('.xt-player-frame, [role="dialog"]');
  } catch {
    return framed; // a frame of another origin cannot be looked into: played
  }
})();
const workId = (q.get('workId') ?? '').trim();

Blockly.setLocale(zhHans as unknown as Record<string, string>);
defineBlocks();

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const stage = new Stage($<HTMLCanvasElement>('xt-bk-canvas'), $<HTMLCanvasElement>('xt-bk-turtle'));
const output = $<HTMLPreElement>('xt-bk-output');
const runButton = $<HTMLButtonElement>('xt-bk-run');
const stopButton = $<HTMLButtonElement>('xt-bk-stop');
const speed = $<HTMLSelectElement>('xt-bk-speed');
const runState = $<HTMLSpanElement>('xt-bk-state');
const titleInput = document.getElementById('xt-ed-title') as HTMLInputElement | null;

let ws: Blockly.WorkspaceSvg;
let run: Run | null = null;

function print(line: string, kind: 'out' | 'error' = 'out') {
  const el = document.createElement('div');
  el.className = `xt-bk-line xt-bk-${kind}`;
  el.textContent = line;
  output.append(el);
  // Only the last lines stay (a long run prints a lot).
  while (output.childElementCount > 500) output.firstElementChild?.remove();
  output.scrollTop = output.scrollHeight;
}

function setRunState(text: string, kind: 'running' | 'ok' | 'error' | 'idle') {
  runState.textContent = text;
  runState.dataset.kind = kind;
}

function envelope(): string {
  return JSON.stringify({ format: FORMAT, version: VERSION, workspace: Blockly.serialization.workspaces.save(ws) });
}

/** Loads a saved project into the workspace; the reason in words when it is not one. */
function loadProject(data: ArrayBuffer): string | null {
  let json: any;
  try {
    json = JSON.parse(new TextDecoder().decode(data));
  } catch {
    return '作品文件已损坏';
  }
  if (!json || json.format !== FORMAT) return '这个文件不是积木编程作品';
  if (json.version !== VERSION) return '这个作品的版本不受支持';
  try {
    Blockly.serialization.workspaces.load(json.workspace ?? {}, ws);
    return null;
  } catch {
    ws.clear();
    return '作品中的积木无法读取';
  }
}

/** 运行: the program of the blocks, in a new worker; a run still going is stopped first. */
function start(onFirstFrame?: () => void): Promise<RunEnd> {
  run?.stop();
  output.textContent = '';
  ws.highlightBlock(null);
  const code = programOf(ws);
  setRunState('运行中……', 'running');
  stopButton.disabled = false;
  const current = new Run(code, { workerUrl: boot.worker, stage, speed: () => Number(speed.value), print: (l) => print(l), onFirstFrame });
  run = current;
  void current.ended.then((end) => {
    if (run !== current) return;
    run = null;
    stopButton.disabled = true;
    if (end.ok) setRunState('运行完成', 'ok');
    else if (end.stopped) setRunState('已停止', 'idle');
    else {
      setRunState('程序出错', 'error');
      print(end.message, 'error');
      if (end.blockId && ws.getBlockById(end.blockId)) {
        ws.highlightBlock(end.blockId);
        ws.centerOnBlock(end.blockId);
      }
    }
  });
  return current.ended;
}

/** The cover: the program drawn at once on a stage of its own (at most COVER_BUDGET_MS); null when it draws nothing. */
async function cover(): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = STAGE_SIZE;
  canvas.height = STAGE_SIZE;
  const own = new Stage(canvas, null);
  const r = new Run(programOf(ws), { workerUrl: boot.worker, stage: own, speed: () => 0, instant: true });
  const timer = setTimeout(() => r.stop(), COVER_BUDGET_MS);
  await r.ended;
  clearTimeout(timer);
  return own.snapshot();
}

function inject(readOnly: boolean) {
  ws = Blockly.inject($('xt-bk-workspace'), {
    toolbox: readOnly ? undefined : TOOLBOX,
    readOnly,
    media: boot.media,
    trashcan: !readOnly,
    grid: { spacing: 24, length: 3, colour: '#e8e8e8', snap: true },
    zoom: { controls: true, wheel: true, startScale: 0.9 },
    move: { scrollbars: true, drag: true, wheel: false },
    renderer: 'zelos',
  });
  // As the anchor's pages expose their engine (tests and a school's own scripts use it).
  (window as any).Blockly = Blockly;
  (window as any).xtWorkspace = ws;
  runButton.disabled = false;
  runButton.addEventListener('click', () => void start());
  stopButton.addEventListener('click', () => run?.stop());
}

const defaultTitle = (u: { realname: string } | null) => (u?.realname ? `${u.realname}的积木作品` : '积木作品');

async function edit() {
  inject(false);
  const host = createHost({
    draftDb: 'xt-blockly',
    workType: '10',
    uploadBiz: 'blockly',
    fileExt: 'json',
    defaultTitle,
    project: async () => new Blob([envelope()], { type: 'application/json' }),
    cover,
    title: () => titleInput?.value ?? '',
  });
  const opened = await host.open();
  const problem = opened.source.data ? loadProject(opened.source.data) : null;
  if (problem) opened.source.note = `${problem}，已打开新作品`;
  if (titleInput) {
    titleInput.value = opened.source.title;
    titleInput.addEventListener('input', () => host.changed());
  }
  // Loading fires its own events: changes count from the next tick on.
  setTimeout(() => {
    ws.addChangeListener((e) => {
      if (!e.isUiEvent) host.changed();
    });
    host.ready(opened);
  }, 0);
}

async function play(known?: any) {
  document.body.classList.add('xt-bk-play');
  if (framed) document.body.classList.add('xt-bk-framed');
  if (titleInput) titleInput.readOnly = true;
  inject(true);
  const tell = (m: FromPlayer) => framed && window.parent.postMessage(m, location.origin);
  window.addEventListener('message', (e) => {
    if (e.origin === location.origin && (e.data as ToPlayer)?.xtPlayer === 'stop') run?.stop();
  });
  try {
    let data: ArrayBuffer;
    let name = (q.get('workName') ?? '').trim();
    const file = projectFileParam();
    if (!workId && file) data = await fetchProjectFile(file);
    else {
      const w = known ?? (await api<any>(`/api/teaching/teachingWork/studentWorkInfo?workId=${encodeURIComponent(workId)}`));
      if (!w.workFileKey_url) throw new Error('这个作品没有作品文件');
      name = name || w.workName || '';
      data = await fetchProjectFile(w.workFileKey_url);
    }
    const problem = loadProject(data);
    if (problem) throw new Error(problem);
    if (titleInput) titleInput.value = name;
    document.title = `${name || '积木作品'} - ${boot.brandName}`;
    setStatus(name ? `正在播放：${name}` : '正在播放', 'ok');
    document.body.dataset.editorReady = '1';
    void start(() => tell({ xtPlayer: 'ready' }));
  } catch (e) {
    const message = e instanceof ApiError && e.kind === 'expired' ? '作品不存在或未公开' : (e as Error).message;
    setStatus(message, 'error');
    setRunState(message, 'error');
    tell({ xtPlayer: 'error', message });
  }
}

/** A stored project file's address (`workFile`, or `url` as the anchor's players take it). */
const projectFileParam = () => (q.get('workFile') || q.get('url') || '').trim();

async function main() {
  // In a frame (/work-detail, 预览) a work or a file without a scene is played; a page of its own plays another's work.
  const wantsView = (!!workId || !!projectFileParam()) && !q.get('scene');
  if (q.get('mode') === 'play' || (wantsView && asPlayer)) return play();
  if (workId && !q.get('scene')) {
    // The anchor opens a work for its author (我的作品) and for everyone else (the player) at the same address.
    const w = await api<any>(`/api/teaching/teachingWork/studentWorkInfo?workId=${encodeURIComponent(workId)}`).catch(() => null);
    if (!w || !boot.user || w.userId !== boot.user.id) return play(w ?? undefined);
  }
  return edit();
}

void main().catch((e) => {
  console.error(e);
  setStatus('积木编程启动失败，请刷新页面', 'error');
});
