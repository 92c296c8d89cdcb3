// Scratch project files made in memory for the upload and check tests (no binary fixtures): a valid project (the
// seed's demo), and the bad ones of scratch-integration.md §6.2 — a zip bomb, a zip lying about its sizes, path
// traversal, bad JSON, a Scratch 2 project, a non-zip, a missing asset — written byte by byte where a normal zip
// writer would refuse to lie.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { demoSb3 } from '../src/server/db/seed/sb3.js';

const MB = 1024 * 1024;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

export interface RawEntry {
  name: string;
  data: Buffer;
  /** Deflate the data (default) or store it. */
  method?: 'deflate' | 'store';
  /** Already raw-deflated bytes of `size` uncompressed bytes with this crc (for big generated content). */
  deflated?: { size: number; crc: number };
  /** Sizes written in both headers instead of the real ones (a lying archive). */
  declaredSize?: number;
  /** Mark the entry encrypted (general purpose flag bit 0). */
  encrypted?: boolean;
}

/** A zip archive written by hand, so that headers can say what the tests need them to say. */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.method === 'store' && !e.deflated ? 0 : 8;
    const body = e.deflated ? e.data : method === 8 ? zlib.deflateRawSync(e.data) : e.data;
    const realSize = e.deflated ? e.deflated.size : e.data.length;
    const crc = e.deflated ? e.deflated.crc : zlib.crc32(e.data);
    const size = e.declaredSize ?? realSize;
    const flags = (e.encrypted ? 1 : 0) | 0x800; // UTF-8 names
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/**
 * `megabytes` MB of zeros, raw-deflated without ever holding them: one MB deflated with a full flush (no final
 * block, dictionary reset) repeated, then an empty final block; with the content's crc.
 */
export function deflatedZeros(megabytes: number): { data: Buffer; size: number; crc: number } {
  const chunk = Buffer.alloc(MB);
  const once = zlib.deflateRawSync(chunk, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = zlib.crc32(chunk, crc);
  return { data: Buffer.concat([...Array.from({ length: megabytes }, () => once), Buffer.from([0x03, 0x00])]), size: megabytes * MB, crc };
}

/** A valid, playable project (the seed's demo: stage, one sprite, a green-flag script, two SVG costumes). */
export const validSb3 = () => demoSb3({ backdrop: '#8ec5fc', sprite: '#ffcc00', message: '你好！' });

const svg = (fill: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="${fill}"/></svg>`);

/** A minimal Scratch 3 project.json around the given targets (default: a stage with one costume in the zip). */
export function projectJson(over: Record<string, unknown> = {}) {
  return { targets: [stageTarget()], monitors: [], extensions: [], meta: { semver: '3.0.0', vm: '0.2.0', agent: 'test' }, ...over };
}

const STAGE_SVG = svg('#ffffff');
const STAGE_MD5 = md5(STAGE_SVG);

export function stageTarget(over: Record<string, unknown> = {}) {
  return {
    isStage: true,
    name: 'Stage',
    variables: {},
    lists: {},
    broadcasts: {},
    blocks: {},
    comments: {},
    currentCostume: 0,
    costumes: [{ name: '背景1', dataFormat: 'svg', assetId: STAGE_MD5, md5ext: `${STAGE_MD5}.svg`, rotationCenterX: 5, rotationCenterY: 5 }],
    sounds: [],
    volume: 100,
    layerOrder: 0,
    ...over,
  };
}

/** An .sb3 holding this project.json (object or raw text) and the stage's SVG. */
export function sb3With(project: unknown, extra: RawEntry[] = []): Buffer {
  const text = typeof project === 'string' ? project : JSON.stringify(project);
  return rawZip([{ name: 'project.json', data: Buffer.from(text) }, { name: `${STAGE_MD5}.svg`, data: STAGE_SVG }, ...extra]);
}

/** 300 MB of zeros in one entry: about 300 KB on disk, declaring its real size. */
export function zipBomb(): Buffer {
  const z = deflatedZeros(300);
  return rawZip([{ name: 'project.json', data: Buffer.from(JSON.stringify(projectJson())) }, { name: `${'0'.repeat(32)}.wav`, data: z.data, deflated: { size: z.size, crc: z.crc } }]);
}

/** An asset whose headers say 100 bytes and that inflates to 8 MB. */
export function lyingSizes(): Buffer {
  const z = deflatedZeros(8);
  return sb3With(projectJson(), [{ name: `${'1'.repeat(32)}.wav`, data: z.data, deflated: { size: z.size, crc: z.crc }, declaredSize: 100 }]);
}

export const traversal = () => sb3With(projectJson(), [{ name: '../x.png', data: Buffer.from('png') }]);
export const badJson = () => sb3With('{"targets": [ {"isStage": true, ');

/** A Scratch 2 project as Scratch 2 saved it (project.json with objName/children, assets 0.svg, 1.wav). */
export const scratch2 = () =>
  rawZip([
    { name: 'project.json', data: Buffer.from(JSON.stringify({ objName: 'Stage', children: [{ objName: 'Sprite1' }], costumes: [{ costumeName: 'backdrop1', baseLayerID: 0 }], info: {} })) },
    { name: '0.svg', data: svg('#fff') },
  ]);

export const notZip = () => Buffer.from('这不是一个 Scratch 项目，只是一段文字。\n'.repeat(50));

/** A project whose sprite's costume is not in the archive. */
export function missingAsset(): { file: Buffer; missing: string } {
  const missing = `${md5(Buffer.from('absent'))}.svg`;
  const sprite = { ...stageTarget(), isStage: false, name: '小猫', layerOrder: 1, costumes: [{ name: '造型1', dataFormat: 'svg', assetId: missing.slice(0, 32), md5ext: missing }] };
  return { file: sb3With(projectJson({ targets: [stageTarget(), sprite] })), missing };
}
