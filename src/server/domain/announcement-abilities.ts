// What may be done with an announcement in its publication state (通告管理): edit and 发布 a draft or a revoked one,
// 撤销 a published one. The API asks this before edit, publish and revoke, and the admin list carries each row's
// answer (`canEdit`, `canPublish`, `canRevoke`), so the page offers an action exactly where the API would allow it.
import type { SysAnnouncement } from '../db/schema.js';

/** send_status: 0 未发布, 1 已发布, 2 已撤销. */
const PUBLISHED = '1';
/** The states an edit may change (the edit's conditional update keeps a concurrent publish out). */
export const EDITABLE_SEND_STATUS = ['0', '2'];

export interface AnnouncementAbilities {
  canEdit: boolean;
  canPublish: boolean;
  canRevoke: boolean;
}

/** Policy: an announcement's abilities by its publication state (the buttons' codes are the routes' own check). */
export function announcementAbilities(a: Pick<SysAnnouncement, 'send_status'>): AnnouncementAbilities {
  const published = a.send_status === PUBLISHED;
  return { canEdit: EDITABLE_SEND_STATUS.includes(a.send_status), canPublish: !published, canRevoke: published };
}
