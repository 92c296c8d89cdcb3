// Which API writes change what anonymous visitors see, declared in one place (as access.ts declares who may call
// what). After such a write succeeds, the API raises the public-content signal (shared/public-content.ts) and the
// public pages' shared cache drops what shows it (pages/page-cache.ts); with REDIS_URL the other processes drop
// theirs too (realtime hub). Likes and view counts are not here: they may lag on cached pages by the cache's TTL.
import type { PublicContent } from '../shared/public-content.js';

/** Path prefixes (under /api) whose successful writes change public pages, and what they change. */
const PUBLIC_WRITE_PREFIXES: [prefix: string, what: PublicContent][] = [
  // Submit (a student's save), edit (批改: name, status 首页展示/精选, grade), delete, restore a version, send.
  ['/teaching/teachingWork/', 'work'],
  // Courses and their units (推荐课程 on /home, /courseList).
  ['/teaching/teachingCourse/', 'course'],
  ['/teaching/teachingCourseUnit/', 'course'],
  // The site config (brand, description, footer, 首页 HTML) is on every page.
  ['/sys/config/', 'config'],
  // The front menu is on every page.
  ['/teaching/menu/', 'menu'],
  // 资讯.
  ['/teaching/teachingNews/', 'news'],
  // Dictionary texts decorate public pages (course categories and types, work types).
  ['/sys/dict/', 'all'],
  ['/sys/dictItem/', 'all'],
];

/** Writes under those prefixes that change nothing public. */
const PRIVATE_WRITES = new Set([
  // The viewer's own tags of works.
  '/teaching/teachingWork/setWorkTag',
  '/teaching/teachingWork/delWorkTag',
  // A view: counted on cached pages, which may show the count a few seconds late.
  '/teaching/teachingWork/countView',
]);

/** Single writes elsewhere that change public pages: the author's name and avatar on work cards and pages. */
const PUBLIC_WRITE_PATHS = new Map<string, PublicContent>([
  ['/teaching/user/edit', 'work'],
  ['/sys/user/edit', 'work'],
  ['/sys/user/delete', 'work'],
  ['/sys/user/deleteBatch', 'work'],
  ['/sys/user/putRecycleBin', 'work'],
  ['/sys/user/deleteRecycleBin', 'work'],
  ['/sys/user/importExcel', 'work'],
]);

/** What public content a successful write to this API path (without /api) changes; null for none. */
export function publicContentOfWrite(path: string): PublicContent | null {
  if (PRIVATE_WRITES.has(path)) return null;
  const exact = PUBLIC_WRITE_PATHS.get(path);
  if (exact) return exact;
  for (const [prefix, what] of PUBLIC_WRITE_PREFIXES) if (path.startsWith(prefix)) return what;
  return null;
}
