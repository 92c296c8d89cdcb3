// The work types (dict work_type) and where each opens: its editor, its player, whether it has a share page.
// Every screen that links a work (works lists, 预览, 我的作品, homework, course units, /work-detail, the gallery)
// asks here instead of testing type codes itself, so a new editor is one entry in EDITORS.

/** The dict work_type values (anchor: 0 文件, 1 Scratch2.0, 2 Scratch3.0, 3 ScratchJr, 4 图形化Python, 10 积木编程). */
export const WORK_TYPE = { file: '0', scratch2: '1', scratch3: '2', scratchJr: '3', python: '4', blockly: '10' } as const;

const asType = (t: unknown) => (t === null || t === undefined ? '' : String(t).trim());

/** Scratch 2/3: the file is a Scratch project (.sb3/.sb2). */
export const isScratchType = (t: unknown) => asType(t) === WORK_TYPE.scratch2 || asType(t) === WORK_TYPE.scratch3;

/** 图形化Python and 积木编程: the file is a text project (shared/code-projects.ts), without a cover of its own. */
export const isCodeType = (t: unknown) => asType(t) === WORK_TYPE.python || asType(t) === WORK_TYPE.blockly;

/** The editor's parameters (anchor §4.5 load priority: workId → unitId → empty, then scene and the homework's). */
interface EditorParams {
  workId?: string;
  unitId?: string;
  scene?: string;
  additionalId?: string;
  departId?: string;
  workName?: string;
  /** A project file's URL to start from (a unit's starter, a homework's file, a material). */
  workFile?: string;
}

/** How a player is asked to play: a work by id (the player reads it through the API), or a file's URL. */
interface PlayerParams {
  workId?: string;
  fileUrl?: string;
  workName?: string;
  autoplay?: boolean;
}

interface EditorEntry {
  /** The editor's page with its fixed parameters. */
  editor: string;
  /** The name the editor takes a starting file's URL under. */
  fileParam: string;
  /** Whether this site serves the editor (ScratchJr's is linked as the anchor does, but not served). */
  served: boolean;
  /**
   * The player page (without query), the name it takes a file URL under, and whether a work id wins over a file
   * URL when both are known (the Blockly page reads its work through the API).
   */
  player?: { path: string; fixed: Record<string, string>; fileParam: string; preferId?: boolean };
}

/** The editors this site serves (ScratchJr has no maintained web package: it is linked as the anchor does). */
const EDITORS: Record<string, EditorEntry> = {
  [WORK_TYPE.scratch2]: { editor: '/scratch3/index.html', fileParam: 'workFile', served: true, player: { path: '/scratch3/player.html', fixed: {}, fileParam: 'workUrl' } },
  [WORK_TYPE.scratch3]: { editor: '/scratch3/index.html', fileParam: 'workFile', served: true, player: { path: '/scratch3/player.html', fixed: {}, fileParam: 'workUrl' } },
  [WORK_TYPE.scratchJr]: { editor: '/scratchjr/editor.html?mode=edit', fileParam: 'workFile', served: false },
  [WORK_TYPE.python]: {
    editor: '/python/index.html?lang=turtle',
    fileParam: 'url',
    served: true,
    player: { path: '/python/player.html', fixed: { lang: 'turtle' }, fileParam: 'url' },
  },
  // The Blockly page is its own viewer: with a workId and no scene it shows and runs the work.
  [WORK_TYPE.blockly]: {
    editor: '/blockly/index.html?lang=zh-hans',
    fileParam: 'url',
    served: true,
    player: { path: '/blockly/index.html', fixed: { lang: 'zh-hans' }, fileParam: 'url', preferId: true },
  },
};

function withParams(base: string, params: Record<string, string | undefined>) {
  const [path, query = ''] = base.split('?');
  const q = new URLSearchParams(query);
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Whether works of this type open in an editor of the site (else their file is the work: type 0 文件, unknown types). */
export const hasEditor = (t: unknown) => Object.hasOwn(EDITORS, asType(t));

/** Whether this site serves the type's editor (homework of another type is handed in as a file). */
export const hasServedEditor = (t: unknown) => !!EDITORS[asType(t)]?.served;

/** Whether works of this type play in a player (and so have a play-on-click cover, 预览 and a share page with a QR code). */
export const hasPlayer = (t: unknown) => !!EDITORS[asType(t)]?.player;

/** The editor URL for a work type, or '' when the type has no editor. */
export function editorUrl(type: unknown, p: EditorParams = {}): string {
  const e = EDITORS[asType(type)];
  if (!e) return '';
  return withParams(e.editor, {
    scene: p.scene,
    workId: p.workId,
    unitId: p.unitId,
    additionalId: p.additionalId,
    departId: p.departId,
    workName: p.workName,
    [e.fileParam]: p.workFile,
  });
}

/**
 * The player URL for a work type, or '' when the type has no player. A file URL wins where the player takes one
 * (预览 of a work that is not public: the list decided who sees the row, the file is served by its key), but for
 * the Blockly page, which reads a known work by id; else the work by id (the player reads it through the API, which decides who may see it).
 */
export function playerUrl(type: unknown, p: PlayerParams): string {
  const pl = EDITORS[asType(type)]?.player;
  if (!pl) return '';
  const byFile = p.fileUrl && !(pl.preferId && p.workId);
  const by = byFile ? { [pl.fileParam]: p.fileUrl } : p.workId ? { workId: p.workId } : null;
  if (!by) return '';
  return withParams(pl.path, { ...pl.fixed, ...by, workName: p.workName, autoplay: p.autoplay ? '1' : undefined });
}

/** The work-type of a project file by its name, for files a unit or homework carries (.sb3, .py, Blockly's .json). */
export function typeOfProjectFile(name: string): string | null {
  const n = name.replace(/[?#].*$/, '').toLowerCase();
  if (n.endsWith('.sb3') || n.endsWith('.sb2')) return WORK_TYPE.scratch3;
  if (n.endsWith('.py')) return WORK_TYPE.python;
  if (n.endsWith('.blockly.json') || /\/blockly\/[^/]+\.json$/.test(n)) return WORK_TYPE.blockly;
  return null;
}

/** The types with a player (and so a share page worth a QR code): list actions show by these values. */
export const PLAYABLE_TYPES = Object.keys(EDITORS).filter((t) => hasPlayer(t));

/** The generic code image shown for a 图形化Python or 积木编程 work without a cover of its own. */
export const CODE_COVER = '/static/img/code-cover.svg';

/** A work's cover: its own, else the code image for the code types, else none. */
export const workCoverUrl = (type: unknown, cover: string | null | undefined): string => cover || (isCodeType(type) ? CODE_COVER : '');
