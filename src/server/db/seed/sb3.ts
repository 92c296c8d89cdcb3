// Small but real Scratch 3 projects for the demo works: a zip (STORE method, written by hand) holding
// project.json, a backdrop SVG and a sprite costume SVG named <md5>.svg, with a green-flag script.
import { createHash } from 'node:crypto';
import { zipArchive } from '../../shared/zip.js';

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
  return zipArchive(
    [
      { name: 'project.json', data: Buffer.from(JSON.stringify(project)) },
      { name: `${backdropId}.svg`, data: backdropSvg },
      { name: `${spriteId}.svg`, data: spriteSvg },
    ],
    when,
  );
}
