// The right side of the top bar: notice bell and user menu (closed-state markup; islands enhance it).
import { Button } from '../antd.js';
import type { ShellUser } from './layout.js';

export function HeaderTools({ user }: { user: ShellUser }) {
  return (
    <span class="xt-header-tools">
      <span class="xt-greeting">欢迎您，{user.realname || user.username}</span>
      <form method="post" action="/user/logout" class="xt-logout">
        <Button type="text" htmlType="submit">退出登录</Button>
      </form>
    </span>
  );
}
