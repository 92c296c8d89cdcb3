// Small but real Scratch 3 projects for the demo works: a zip (STORE method, written by hand) holding
// project.json, a backdrop SVG and a sprite costume SVG named <md5>.svg, with a green-flag script.
import { createHash } from 'node:crypto';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** A zip archive with every entry stored uncompressed (method 0). Names must be ASCII. */
export function zipStore(entries: { name: string; data: Buffer }[], when: Date = new Date()): Buffer {
  const { time, date } = dosDateTime(when);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'ascii');
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); // local file header signature
    local.writeUInt16LE(20, 4); // version needed to extract (2.0)
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(0, 8); // method: store
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18); // compressed size
    local.writeUInt32LE(e.data.length, 22); // uncompressed size
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28); // extra field length
    locals.push(local, name, e.data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); // central directory header signature
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(0, 30); // extra
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk number start
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE(0, 38); // external attributes
    central.writeUInt32LE(offset, 42); // offset of the local header
    centrals.push(central, name);

    offset += local.length + name.length + e.data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); // end of central directory signature
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([...locals, centralDir, end]);
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface DemoProjectOptions {
  /** Backdrop colour, e.g. '#8ec5fc'. */
  backdrop: string;
  /** Sprite body colour. */
  sprite: string;
  /** What the sprite says when the green flag is clicked. */
  message: string;
  spriteName?: string;
}

/**
 * A playable .sb3: when the green flag is clicked the sprite says the message, then moves, turns and
 * bounces off the edges forever. Assets are inside the archive, so no asset server is needed.
 */
export function demoSb3(opts: DemoProjectOptions, when?: Date): Buffer {
  const backdropSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">` +
      `<rect width="480" height="360" fill="${escapeXml(opts.backdrop)}"/>` +
      `<circle cx="400" cy="70" r="40" fill="#ffffff" fill-opacity="0.5"/>` +
      `<rect y="300" width="480" height="60" fill="#000000" fill-opacity="0.12"/></svg>`,
  );
  const spriteSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">` +
      `<circle cx="40" cy="40" r="36" fill="${escapeXml(opts.sprite)}" stroke="#333333" stroke-width="3"/>` +
      `<circle cx="28" cy="32" r="5" fill="#333333"/><circle cx="52" cy="32" r="5" fill="#333333"/>` +
      `<path d="M24 50 Q40 64 56 50" stroke="#333333" stroke-width="4" fill="none" stroke-linecap="round"/></svg>`,
  );
  const backdropId = md5(backdropSvg);
  const spriteId = md5(spriteSvg);
  const num = (v: number) => [1, [4, String(v)]];
  const project = {
    targets: [
      {
        isStage: true,
        name: 'Stage',
        variables: {},
        lists: {},
        broadcasts: {},
        blocks: {},
        comments: {},
        currentCostume: 0,
        costumes: [
          { name: '背景1', dataFormat: 'svg', assetId: backdropId, md5ext: `${backdropId}.svg`, rotationCenterX: 240, rotationCenterY: 180 },
        ],
        sounds: [],
        volume: 100,
        layerOrder: 0,
        tempo: 60,
        videoTransparency: 50,
        videoState: 'on',
        textToSpeechLanguage: null,
      },
      {
        isStage: false,
        name: opts.spriteName ?? '角色1',
        variables: {},
        lists: {},
        broadcasts: {},
        blocks: {
          flag: { opcode: 'event_whenflagclicked', next: 'say', parent: null, inputs: {}, fields: {}, shadow: false, topLevel: true, x: 40, y: 40 },
          say: {
            opcode: 'looks_sayforsecs',
            next: 'loop',
            parent: 'flag',
            inputs: { MESSAGE: [1, [10, opts.message]], SECS: num(2) },
            fields: {},
            shadow: false,
            topLevel: false,
          },
          loop: { opcode: 'control_forever', next: null, parent: 'say', inputs: { SUBSTACK: [2, 'move'] }, fields: {}, shadow: false, topLevel: false },
          move: { opcode: 'motion_movesteps', next: 'turn', parent: 'loop', inputs: { STEPS: num(6) }, fields: {}, shadow: false, topLevel: false },
          turn: { opcode: 'motion_turnright', next: 'bounce', parent: 'move', inputs: { DEGREES: num(3) }, fields: {}, shadow: false, topLevel: false },
          bounce: { opcode: 'motion_ifonedgebounce', next: null, parent: 'turn', inputs: {}, fields: {}, shadow: false, topLevel: false },
        },
        comments: {},
        currentCostume: 0,
        costumes: [
          { name: '造型1', dataFormat: 'svg', assetId: spriteId, md5ext: `${spriteId}.svg`, rotationCenterX: 40, rotationCenterY: 40 },
        ],
        sounds: [],
        volume: 100,
        layerOrder: 1,
        visible: true,
        x: 0,
        y: 0,
        size: 100,
        direction: 90,
        draggable: false,
        rotationStyle: 'all around',
      },
    ],
    monitors: [],
    extensions: [],
    meta: { semver: '3.0.0', vm: '0.2.0', agent: 'xuetang-seed' },
  };
  return zipStore(
    [
      { name: 'project.json', data: Buffer.from(JSON.stringify(project)) },
      { name: `${backdropId}.svg`, data: backdropSvg },
      { name: `${spriteId}.svg`, data: spriteSvg },
    ],
    when,
  );
}
