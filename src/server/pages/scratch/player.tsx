// /scratch3/player.html — the player (anchor §4.5): `?workId=<id>` plays a work the visitor may see (the API's
// studentWorkInfo decides: public works for everyone, own works for their author, any for administrators);
// `?workUrl=<url>` plays a project file stored on this site (the unit 案例 and the grading desk's 预览).
// Other query keys: `workName` (title for workUrl), `autoplay=1` (press the green flag once loaded).
import type { Context, Hono } from 'hono';
import { asset } from '../../../templates/assets.js';
import { PlayerPage, type PlayerPageProps, type PlayerSource } from '../../../templates/scratch/player.js';
import { SCAFFOLDING, vendorUrl } from '../../vendor.js';
import { siteConfig, type PageEnv } from '../context.js';
import { storedFilePath } from './player-source.js';

const PLAYER_PATH = '/scratch3/player.html';

/**
 * The engine build: `scaffolding-min` (1.77 MB, 0.69 MB brotli). Its music extension would fetch its 61 samples
 * from packagerdata.turbowarp.org; the build extracts them from `scaffolding-with-music` (3.7 MB, 2.06 MB brotli
 * for every visitor) into MUSIC_FOLDER, and the host script fetches them from there instead, only for projects
 * that use music. Any other request to another origin is refused (as the CSP does). See docs/scratch-player.md.
 */
const ENGINE_FILE = 'scaffolding-min.js';
const MUSIC_FOLDER = 'music/';

const NOT_FOUND = '作品不存在或未公开';

/** The origins this site answers as: the request's, and PUBLIC_URL's when it is set. */
function ownOrigins(c: Context<PageEnv>): string[] {
  const out = [new URL(c.req.url).origin];
  const pub = c.get('config')?.publicUrl;
  if (pub) {
    try {
      out.push(new URL(pub).origin);
    } catch {
      // a malformed PUBLIC_URL adds nothing
    }
  }
  return out;
}

async function who(c: Context<PageEnv>): Promise<string> {
  if (!c.get('token')) return '';
  try {
    const res = await c.get('upstream').me();
    return res.body.success ? res.body.result.username : '';
  } catch {
    return '';
  }
}

export function registerPlayerPage(app: Hono<PageEnv>) {
  app.get(PLAYER_PATH, async (c) => {
    const q = (k: string) => c.req.query(k)?.trim() ?? '';
    const workId = q('workId');
    const workUrl = q('workUrl');
    const autoplay = q('autoplay') === '1';
    const cfg = await siteConfig(c);
    const base: Omit<PlayerPageProps, 'source'> = {
      brandName: cfg.brandName,
      engine: vendorUrl(SCAFFOLDING, ENGINE_FILE),
      music: vendorUrl(SCAFFOLDING, MUSIC_FOLDER),
      host: asset('/static/build/scratch/player.js'),
      styles: [asset('/static/css/player.css')],
    };
    // Per visitor (a work may be theirs alone); never in a shared cache.
    c.header('Cache-Control', 'private, no-store');
    const refuse = (status: 400 | 404, message: string, detail?: string) => c.html('<!doctype html>' + (<PlayerPage {...base} source={null} message={message} detail={detail} />), status);

    let source: PlayerSource;
    if (workUrl) {
      const src = storedFilePath(workUrl, ownOrigins(c));
      if (!src) return refuse(400, '无法播放这个地址的作品', '播放器只播放本站保存的作品文件。');
      source = { src, title: q('workName').slice(0, 100) || 'Scratch作品', autoplay };
    } else if (workId) {
      let res;
      try {
        res = await c.get('upstream').workInfo(workId);
      } catch {
        return refuse(404, '作品暂时无法加载', '请稍后刷新重试。');
      }
      if (!res.success || !res.result) return refuse(404, NOT_FOUND, '这个作品可能已被删除，或者作者还没有公开它。');
      const w = res.result as typeof res.result & { hasCloudData?: unknown };
      if (w.workType !== '1' && w.workType !== '2') return refuse(404, '这个作品不是 Scratch 作品', '播放器只能播放 Scratch 作品。');
      const src = storedFilePath(w.workFileKey_url, ownOrigins(c));
      if (!src) return refuse(404, '作品文件不存在', '这个作品还没有保存项目文件，或文件不在本站。');
      const cloud = Number(w.hasCloudData) === 1;
      source = { src, title: w.workName || 'Scratch作品', workId: w.id, cloud, username: cloud ? await who(c) : '', autoplay };
    } else {
      return refuse(400, '没有指定要播放的作品', '请从作品页面打开播放器。');
    }
    return c.html('<!doctype html>' + (<PlayerPage {...base} source={source} />));
  });
}
