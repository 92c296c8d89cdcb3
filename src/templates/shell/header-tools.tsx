// The right side of the top bar (after 3a's menu search): the notice bell and the user menu. Closed-state
// markup in antd's classes; the notice-bell and user-menu islands enhance it. Without JavaScript every entry
// still works: the bell links to the announcement list, the menu is a <details> dropdown of links, and
// 退出登录 is a form.
import type { AnnouncementSummary } from '../../server/upstream/client.js';
import { buttonClass } from '../antd.js';
import { asset } from '../assets.js';
import { Icon } from '../icons.js';
import { jsonScript } from '../island-props.js';
import { NoticeBell } from './notice-bell.js';
import type { ShellUser } from './types.js';

export interface HeaderToolsProps {
  user: ShellUser;
  /** The user's unread notices (listByUser), for the badge on the first paint. */
  notices?: AnnouncementSummary | null;
}

/** URL of a stored avatar key (or an absolute URL kept as is). */
function avatarUrl(avatar: string | null | undefined): string | null {
  if (!avatar) return null;
  if (/^https?:\/\//.test(avatar)) return avatar;
  return `/api/sys/common/static/${avatar.split('/').map(encodeURIComponent).join('/')}`;
}

/** antd Avatar: the picture, or the first character of the name. */
export function UserAvatar({ user, size = 'small', class: extra }: { user: ShellUser; size?: 'small' | 'large' | 'default'; class?: string }) {
  const src = avatarUrl(user.avatar);
  const sizeClass = size === 'small' ? ' ant-avatar-sm' : size === 'large' ? ' ant-avatar-lg' : '';
  const name = user.realname || user.username;
  return src ? (
    <span class={`ant-avatar${sizeClass} ant-avatar-circle ant-avatar-image app ant-avatar-css-var xt-avatar${extra ? ` ${extra}` : ''}`}>
      <img src={src} alt="" />
    </span>
  ) : (
    <span class={`ant-avatar${sizeClass} ant-avatar-circle app ant-avatar-css-var xt-avatar xt-avatar-text${extra ? ` ${extra}` : ''}`} aria-hidden="true">
      <span class="ant-avatar-string">{[...name][0] ?? '?'}</span>
    </span>
  );
}

/** The user menu's entries: [label, no-JS link, icon, island action]. */
const USER_MENU = [
  { label: '个人中心', href: '/account/center', icon: 'user', action: 'center' },
  { label: '账户设置', href: '/account/settings/base', icon: 'setting', action: 'settings-base' },
  { label: '主题设置', href: '/account/settings/custom', icon: 'tool', action: 'theme' },
  { label: '密码修改', href: '/account/settings/security', icon: 'lock', action: 'password' },
  { label: '切换部门', href: '/account/center#departs', icon: 'cluster', action: 'depart' },
] as const;

export function HeaderTools({ user, notices }: HeaderToolsProps) {
  const name = user.realname || user.username;
  const props = { username: user.username, realname: user.realname };
  return (
    <span class="xt-header-tools">
      {/* Its own stylesheet, so the shell layout needs no knowledge of the header tools' styles. */}
      <link rel="stylesheet" href={asset('/static/css/header-tools.css')} />
      <NoticeBell userId={user.id} summary={notices} />
      <span class="xt-user-menu" data-island="user-menu">
        <script type="application/json">{jsonScript(props)}</script>
        <details class="xt-user-dropdown">
          <summary class="xt-header-action xt-user-trigger" aria-haspopup="menu" title={name}>
            <UserAvatar user={user} />
            <span class="xt-greeting">欢迎您，{name}</span>
          </summary>
          <div class="ant-dropdown app ant-dropdown-placement-bottomRight xt-user-dropdown-panel">
            <ul class="ant-dropdown-menu ant-dropdown-menu-root ant-dropdown-menu-vertical ant-dropdown-menu-light app" role="menu">
              {USER_MENU.map((m) => (
                <li class="ant-dropdown-menu-item" role="none">
                  <a role="menuitem" href={m.href} data-xt-action={m.action} class="ant-dropdown-menu-title-content">
                    <Icon name={m.icon} class="ant-dropdown-menu-item-icon" />
                    {m.label}
                  </a>
                </li>
              ))}
              <li class="ant-dropdown-menu-item-divider" role="separator" />
              <li class="ant-dropdown-menu-item" role="none">
                <form method="post" action="/user/logout" class="xt-menu-logout">
                  <button type="submit" role="menuitem" data-xt-action="logout" class="ant-dropdown-menu-title-content">
                    <Icon name="logout" class="ant-dropdown-menu-item-icon" />
                    退出登录
                  </button>
                </form>
              </li>
            </ul>
          </div>
        </details>
        <form method="post" action="/user/logout" class="xt-logout">
          <button type="submit" class={buttonClass('text', { extra: 'xt-header-action xt-logout-button' })} data-xt-action="logout" title="退出登录">
            <Icon name="logout" />
            <span class="xt-logout-text">退出登录</span>
          </button>
        </form>
      </span>
    </span>
  );
}
