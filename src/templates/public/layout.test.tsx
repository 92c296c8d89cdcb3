// The front menu as administrators may configure it: submenus, login-only entries, unsafe links.
import { describe, expect, it } from 'vitest';
import type { FrontMenuNode } from '../../server/upstream/client.js';
import { PublicLayout, visibleFrontMenu } from './layout.js';

const node = (title: string, url: string, extra: Partial<FrontMenuNode> = {}): FrontMenuNode => ({
  id: title,
  route: true,
  title,
  url,
  needLogin: 0,
  internalOrExternal: false,
  ...extra,
});

const menu: FrontMenuNode[] = [
  node('首页', '/home'),
  node('创作', '', { children: [node('Scratch3', '/scratch3/index.html', { internalOrExternal: true }), node('秘密', '/secret', { needLogin: 1 })] }),
  node('个人中心', '/dashboard/index', { needLogin: 1 }),
  node('坏链接', 'javascript:alert(1)'),
];

const render = (loggedIn: boolean) =>
  String(
    <PublicLayout brandName="学堂" footerHtml="" menu={visibleFrontMenu(menu, loggedIn)} viewer={loggedIn ? { username: 's', realname: '小明' } : null} current="/home">
      <p>content</p>
    </PublicLayout>,
  );

describe('front menu', () => {
  it('hides login-only entries from visitors and shows them after login', () => {
    expect(render(false)).not.toContain('个人中心');
    expect(render(false)).not.toContain('秘密');
    expect(render(true)).toContain('个人中心');
    expect(render(true)).toContain('/secret');
  });

  it('renders a submenu behind a focusable trigger, external entries in a new tab', () => {
    const html = render(false);
    expect(html).toMatch(/<button type="button" class="xt-nav-link">创作/);
    expect(html).toMatch(/<a class="xt-sub-link" href="\/scratch3\/index.html" target="_blank" rel="noopener">Scratch3<\/a>/);
  });

  it('shows an entry\'s icon (hidden from assistive technology: the title says it) when the icon set has it, and nothing for an unknown name', () => {
    const html = String(
      <PublicLayout
        brandName="学堂"
        footerHtml=""
        menu={[node('首页', '/home', { icon: 'home' }), node('课程', '/courseList', { icon: 'calculator' }), node('怪图标', '/x', { icon: 'no-such-icon' })]}
        viewer={null}
        current="/index"
      >
        <p />
      </PublicLayout>,
    );
    expect(html).toMatch(/<a class="xt-nav-link" href="\/home"><span aria-hidden="true" class="anticon anticon-home xt-nav-icon"><svg[^]*?<\/span>首页<\/a>/);
    expect(html).toContain('anticon-calculator');
    expect(html).toMatch(/<a class="xt-nav-link" href="\/x">怪图标<\/a>/);
  });

  it('shows entries below a submenu entry indented under it, need-login ones only after login', () => {
    const deep = [node('资源', '', { children: [node('视频', '/v', { children: [node('入门', '/v/1'), node('会员', '/v/2', { needLogin: 1 })] })] })];
    const html = (loggedIn: boolean) =>
      String(
        <PublicLayout brandName="学堂" footerHtml="" menu={deep} viewer={loggedIn ? { username: 's', realname: '小明' } : null} current="/home">
          <p />
        </PublicLayout>,
      );
    expect(html(false)).toMatch(/<a class="xt-sub-link" href="\/v">视频<\/a><ul class="xt-sub-nested"><li><a class="xt-sub-link xt-sub-deep" href="\/v\/1">入门<\/a><\/li><\/ul>/);
    expect(html(false)).not.toContain('会员');
    expect(html(true)).toContain('href="/v/2"');
  });

  it('never renders a javascript: link', () => {
    const html = render(false);
    expect(html).toContain('坏链接');
    expect(html).not.toContain('javascript:');
  });
});
