// Scratch project files (.sb3, and the older .sb2) checked before they are stored: the archive with the limits
// of SB3_LIMITS (yauzl, streaming inflate with hard caps, see zip-check.ts), then project.json parsed and its
// structure checked. Assets a project names but does not carry are reported, not refused: a child's project
// must always save, and such a project still opens (the editor shows the missing costume as a blank).
import { isSafeKey, type FileStore } from '../storage/index.js';
import { walkZip, ZipRefused, ZIP_LIMITS, type ZipLimits } from './zip-check.js';

const MB = 1024 * 1024;

/** Every limit of the Scratch checks, in one place. */
export const SB3_LIMITS = {
  /** Largest project file accepted by the upload (the general upload limit is 10 MB). */
  maxFileBytes: 30 * MB,
  maxEntries: 2000,
  /** Declared uncompressed size of one entry. */
  maxEntryBytes: 20 * MB,
  /** Sum of declared uncompressed sizes. */
  maxTotalBytes: 200 * MB,
  maxRatio: 200,
  /** The ratio is judged for entries declaring more than this (a small, very repetitive SVG is harmless). */
  ratioFloorBytes: 1 * MB,
  /** Hard caps on the bytes really inflated. */
  maxProjectJsonBytes: 10 * MB,
  maxAssetBytes: 20 * MB,
  maxTargets: 500,
  /** Names allowed in an .sb3: project.json and assets named by their md5. */
  entryName: /^(project\.json|[0-9a-f]{32}\.(svg|png|jpg|jpeg|gif|bmp|wav|mp3))$/,
} as const;

const LABEL = 'Scratch 项目';
export const SB2_MESSAGE = '这是 Scratch 2 项目（.sb2），请在 Scratch 3 中打开后另存为 .sb3';

export interface Sb3Info {
  /** Entries in the archive. */
  entries: number;
  /** Bytes of all entries once inflated. */
  bytes: number;
  targets: number;
  /** Blocks of all targets (shadow blocks included, as Scratch stores them). */
  blocks: number;
  /** Whether the stage has cloud variables (a variable's third element is true). */
  hasCloudData: boolean;
  /** Extension ids the project uses (e.g. pen, music). */
  extensions: string[];
  /** Costume and sound files the project names but the archive does not hold. */
  missingAssets: string[];
}

/** A checked project: what it holds, and its parsed project.json. */
export type Sb3Check = { ok: true; info: Sb3Info; project: unknown } | { ok: false; message: string };

const zipLimits: ZipLimits = {
  maxEntries: SB3_LIMITS.maxEntries,
  maxEntryBytes: SB3_LIMITS.maxEntryBytes,
  maxTotalBytes: SB3_LIMITS.maxTotalBytes,
  maxRatio: SB3_LIMITS.maxRatio,
  ratioFloorBytes: SB3_LIMITS.ratioFloorBytes,
  strictFileNames: true,
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (s: unknown) => String(s ?? '').slice(0, 40);

/** project.json's text as JSON, or the refusal. */
function parseProjectJson(data: Buffer | undefined): { json: unknown } | { message: string } {
  if (!data) return { message: `不是有效的 Scratch 3 项目：缺少 project.json` };
  try {
    return { json: JSON.parse(data.toString('utf8').replace(/^\uFEFF/, '')) };
  } catch {
    return { message: 'Scratch 项目中的 project.json 不是有效的 JSON，文件可能已损坏' };
  }
}

/** The asset file a costume or sound names (`md5ext`, else `assetId.dataFormat`). */
function assetFile(a: Record<string, unknown>): string | null {
  if (typeof a.md5ext === 'string' && a.md5ext) return a.md5ext;
  if (typeof a.assetId === 'string' && a.assetId && typeof a.dataFormat === 'string' && a.dataFormat) return `${a.assetId}.${a.dataFormat}`;
  return null;
}

/** Structure of a parsed Scratch 3 project.json: a refusal message, or what the caller may want to know. */
function inspectProject(json: unknown, files: Set<string>): { message: string } | Omit<Sb3Info, 'entries' | 'bytes'> {
  if (!isObject(json)) return { message: 'Scratch 项目中的 project.json 内容不正确' };
  if (!Array.isArray(json.targets)) {
    if ('objName' in json || 'children' in json) return { message: SB2_MESSAGE };
    return { message: '不是有效的 Scratch 3 项目：project.json 中没有角色和舞台（targets）' };
  }
  const targets = json.targets as unknown[];
  if (!targets.length) return { message: '不是有效的 Scratch 3 项目：项目中没有舞台和角色' };
  if (targets.length > SB3_LIMITS.maxTargets) return { message: `Scratch 项目中的角色过多（${targets.length} 个，最多 ${SB3_LIMITS.maxTargets} 个）` };
  if (!targets.every(isObject)) return { message: 'Scratch 项目中的 project.json 内容不正确：角色数据有误' };
  const objs = targets as Record<string, unknown>[];
  const stages = objs.filter((t) => t.isStage === true);
  if (stages.length !== 1) return { message: `不是有效的 Scratch 3 项目：项目必须有且只有一个舞台（现有 ${stages.length} 个）` };
  const missing = new Set<string>();
  let blocks = 0;
  for (const t of objs) {
    const who = t.isStage ? '舞台' : `角色“${shown(t.name)}”`;
    const costumes = t.costumes ?? [];
    const sounds = t.sounds ?? [];
    if (!Array.isArray(costumes) || !Array.isArray(sounds)) return { message: `Scratch 项目中${who}的造型或声音数据有误` };
    for (const [i, c] of costumes.entries()) {
      if (!isObject(c) || typeof c.name !== 'string' || !c.name) return { message: `Scratch 项目中${who}的第 ${i + 1} 个造型没有名称` };
    }
    for (const a of [...costumes, ...sounds]) {
      if (!isObject(a)) return { message: `Scratch 项目中${who}的造型或声音数据有误` };
      const file = assetFile(a);
      if (file && !files.has(file)) missing.add(file);
    }
    if (isObject(t.blocks)) blocks += Object.keys(t.blocks).length;
  }
  const stageVars = stages[0].variables;
  const hasCloudData = isObject(stageVars) && Object.values(stageVars).some((v) => Array.isArray(v) && v[2] === true);
  const extensions = Array.isArray(json.extensions) ? json.extensions.filter((e): e is string => typeof e === 'string').slice(0, 100) : [];
  return { targets: objs.length, blocks, hasCloudData, extensions, missingAssets: [...missing].sort() };
}

/** Checks a Scratch 3 project file; never throws for a bad file. */
export async function checkSb3(data: Uint8Array): Promise<Sb3Check> {
  if (data.length > SB3_LIMITS.maxFileBytes) return { ok: false, message: `Scratch 项目文件不能超过${SB3_LIMITS.maxFileBytes / MB}MB` };
  let walk;
  try {
    walk = await walkZip(data, {
      limits: zipLimits,
      label: LABEL,
      checkName: (name) =>
        SB3_LIMITS.entryName.test(name) ? null : `Scratch 项目中含有不允许的文件（${shown(name)}），只能包含 project.json 和以 md5 命名的素材文件`,
      inflateCap: (name) => (name === 'project.json' ? SB3_LIMITS.maxProjectJsonBytes : SB3_LIMITS.maxAssetBytes),
      keep: (name) => name === 'project.json',
    });
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    // A Scratch 2 file is a zip too, named and laid out differently: say what it is rather than what broke.
    if (/不允许的文件/.test(err.message) && (await looksLikeSb2(data))) return { ok: false, message: SB2_MESSAGE };
    return { ok: false, message: /不是有效的 zip 文件/.test(err.message) ? '文件不是有效的 Scratch 3 项目（.sb3）' : err.message };
  }
  const parsed = parseProjectJson(walk.kept.get('project.json'));
  if ('message' in parsed) return { ok: false, message: parsed.message };
  const files = new Set(walk.entries.map((e) => e.name));
  const inspected = inspectProject(parsed.json, files);
  if ('message' in inspected) return { ok: false, message: inspected.message };
  return { ok: true, info: { entries: walk.entries.length, bytes: walk.bytes, ...inspected }, project: parsed.json };
}

/** Whether the archive is a Scratch 2 project (project.json with objName, assets named 0.svg, 1.wav, ...). */
async function looksLikeSb2(data: Uint8Array): Promise<boolean> {
  const r = await checkSb2(data);
  return r.ok;
}

/**
 * Checks a Scratch 2 project file (.sb2, for works of type Scratch2.0): the general archive limits with the
 * project's caps, and a project.json that is a Scratch 2 stage (objName).
 */
export async function checkSb2(data: Uint8Array): Promise<{ ok: true } | { ok: false; message: string }> {
  if (data.length > SB3_LIMITS.maxFileBytes) return { ok: false, message: `Scratch 项目文件不能超过${SB3_LIMITS.maxFileBytes / MB}MB` };
  try {
    const walk = await walkZip(data, {
      limits: { ...ZIP_LIMITS, ...zipLimits, strictFileNames: true },
      label: LABEL,
      inflateCap: (name) => (name === 'project.json' ? SB3_LIMITS.maxProjectJsonBytes : SB3_LIMITS.maxAssetBytes),
      keep: (name) => name === 'project.json',
    });
    const parsed = parseProjectJson(walk.kept.get('project.json'));
    if ('message' in parsed) return { ok: false, message: parsed.message.replace('Scratch 3', 'Scratch 2') };
    if (!isObject(parsed.json) || !('objName' in parsed.json)) return { ok: false, message: '不是有效的 Scratch 2 项目（.sb2）' };
    return { ok: true };
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    return { ok: false, message: err.message };
  }
}

/**
 * What a stored .sb3 holds (the submit route takes `hasCloudData` and the cloud variables from the file, not from
 * the client). Null for another kind of file, a key that is no safe store key, or a file gone or refused; a store
 * that does not answer throws (the API answers 503).
 */
export async function storedProject(store: FileStore, key: string): Promise<{ info: Sb3Info; project: unknown } | null> {
  if (!/\.sb3$/i.test(key) || !isSafeKey(key)) return null;
  const data = await store.read(key);
  if (!data) return null;
  const checked = await checkSb3(data);
  return checked.ok ? { info: checked.info, project: checked.project } : null;
}
