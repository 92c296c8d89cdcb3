// What both 图形化Python pages hand their scripts: the worker's URL (with the runtime's vendor folder, which the
// worker checks) and Blockly's media folder (scripts/build.mjs copies it). skulpt (MIT) and blockly (Apache-2.0)
// are served from our origin.
import { asset } from '../../../templates/assets.js';
import { vendorFolder } from '../../vendor.js';

const SKULPT = 'skulpt';

export interface PythonBoot {
  worker: string;
  media: string;
  /** The player's file (a same-origin path). */
  src?: string;
}

export function pythonBoot(src?: string): PythonBoot {
  const sk = `/static/vendor/${vendorFolder(SKULPT)}/`;
  return {
    worker: `${asset('/static/build/python/worker.js')}&sk=${encodeURIComponent(sk)}`,
    media: '/static/build/blockly-media/',
    ...(src ? { src } : {}),
  };
}

/** Serialised for a <script type="application/json"> block: `<` escaped so no text can close the element. */
export const jsonBlock = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
