// /account/center (个人中心) and /account/settings/* (个人设置: 基本设置, 安全设置, 个性化设置, 账户绑定,
// 新消息通知). Server-rendered forms that work without JavaScript; field errors in Chinese beside each field;
// what the user typed is kept when the server refuses it.
import type { Child } from 'hono/jsx';
import { PASSWORD_HELP } from '../../server/shared/password-policy.js';
import type { Depart, ProfileInfo } from '../../server/upstream/client.js';
import { Alert, Button, Card, cx, LinkButton, Tag } from '../antd.js';
import { asset } from '../assets.js';
import { Icon } from '../icons.js';
import { UserAvatar } from '../shell/header-tools.js';
import { FormItem, nav, NativeSelect, TextInput } from './parts.js';
import { MY_ANNOUNCEMENTS } from './announcements.js';

export type Flash = { type: 'success' | 'error' | 'warning'; text: string };

const SETTINGS_TABS = [
  { key: 'base', title: '基本信息', icon: 'user' },
  { key: 'security', title: '安全设置', icon: 'safety' },
  { key: 'custom', title: '个性化设置', icon: 'skin' },
  { key: 'binding', title: '账户绑定', icon: 'link' },
  { key: 'notification', title: '新消息通知', icon: 'notification' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];
export const SETTINGS_TITLES: Record<SettingsTab, string> = Object.fromEntries(SETTINGS_TABS.map((t) => [t.key, t.title])) as Record<SettingsTab, string>;

/** The account pages' stylesheet, linked by the content itself (it arrives with htmx navigation too). */
const AccountStyles = () => <link rel="stylesheet" href={asset('/static/css/account.css')} />;

// ---------------------------------------------------------------- 个人中心

export function AccountCenterView(p: { me: ProfileInfo; departs: Depart[]; currentOrg: string | null; publicWorks: number | null; flash?: Flash; works?: Child }) {
  const { me } = p;
  const name = me.realname || me.username;
  const roles = me.roleList?.length ? me.roleList : (me.roles ?? []).map((code) => ({ code, name: code }));
  return (
    <div class="xt-account-center">
      <AccountStyles />
      {p.flash && <Alert type={p.flash.type}>{p.flash.text}</Alert>}
      <div class="xt-account-grid">
        <Card class="xt-card xt-profile-card">
          <div class="xt-profile-head">
            <UserAvatar user={{ username: me.username, realname: me.realname, avatar: me.avatar }} size="large" class="xt-profile-avatar" />
            <h2 class="xt-profile-name">{name}</h2>
            <div class="xt-profile-username">账号：{me.username}</div>
          </div>
          <dl class="xt-profile-facts">
            <dt>
              <Icon name="team" /> 角色
            </dt>
            <dd>{roles.length ? roles.map((r) => <Tag color="blue">{r.name}</Tag>) : <span class="xt-muted">无</span>}</dd>
            <dt>
              <Icon name="mail" /> 邮箱
            </dt>
            <dd>{me.email || <span class="xt-muted">未绑定</span>}</dd>
            <dt>
              <Icon name="phone" /> 手机
            </dt>
            <dd>{me.phone || <span class="xt-muted">未绑定</span>}</dd>
            {me.school && (
              <>
                <dt>
                  <Icon name="home" /> 学校
                </dt>
                <dd>{me.school}</dd>
              </>
            )}
          </dl>
          <div class="xt-form-actions">
            <LinkButton {...nav('/account/settings/base')}>编辑资料</LinkButton>
          </div>
        </Card>
        <div class="xt-account-side">
          <Card class="xt-card" title={<span id="departs">所属部门</span>}>
            {p.departs.length === 0 ? (
              <p class="xt-muted">您尚未设置部门信息!</p>
            ) : (
              <ul class="xt-depart-list">
                {p.departs.map((d) => (
                  <li>
                    <span class="xt-depart-name">
                      <Icon name="cluster" /> {d.departName}
                    </span>
                    {d.orgCode === p.currentOrg ? (
                      <Tag color="green">当前部门</Tag>
                    ) : (
                      <form method="post" action="/account/center/depart" hx-post="/account/center/depart" hx-target="#content" class="xt-inline-form">
                        <input type="hidden" name="orgCode" value={d.orgCode} />
                        <Button size="small" htmlType="submit">
                          切换为当前部门
                        </Button>
                      </form>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card class="xt-card" title="作品">
            {p.publicWorks === null ? (
              <p class="xt-muted">作品统计暂时无法获取。</p>
            ) : (
              <p class="xt-works-count">
                公开展示的作品：<strong>{p.publicWorks}</strong> 个
              </p>
            )}
            <p class="xt-muted">作品的创作、提交与批改在“我的作品”中进行。</p>
          </Card>
        </div>
      </div>
      {p.works}
    </div>
  );
}

// ---------------------------------------------------------------- 个人设置 frame

function SettingsFrame({ tab, children }: { tab: SettingsTab; children: Child }) {
  return (
    <Card class="xt-card xt-settings">
      <AccountStyles />
      <div class="xt-settings-body">
        <nav class="xt-settings-nav" aria-label="个人设置">
          <ul class="ant-menu ant-menu-root ant-menu-inline ant-menu-light app ant-menu-css-var" role="menu">
            {SETTINGS_TABS.map((t) => (
              <li class={cx('ant-menu-item', t.key === tab && 'ant-menu-item-selected')} role="none">
                <a role="menuitem" class="ant-menu-title-content" {...nav(`/account/settings/${t.key}`)} aria-current={t.key === tab ? 'page' : undefined}>
                  {t.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section class="xt-settings-content">
          <h2 class="xt-settings-title">{SETTINGS_TITLES[tab]}</h2>
          {children}
        </section>
      </div>
    </Card>
  );
}

// ---------------------------------------------------------------- 基本设置

export interface BaseValues {
  realname: string;
  sex: string;
  birthday: string;
  email: string;
  phone: string;
  avatar: string;
}
export type BaseErrors = Partial<Record<keyof BaseValues | 'avatarFile', string>>;

export function BaseSettingsView(p: { me: ProfileInfo; values: BaseValues; errors: BaseErrors; flash?: Flash; message?: string }) {
  const { values: v, errors: e } = p;
  const preview = { username: p.me.username, realname: v.realname || p.me.realname, avatar: v.avatar || null };
  return (
    <SettingsFrame tab="base">
      {p.flash && <Alert type={p.flash.type}>{p.flash.text}</Alert>}
      {p.message && <Alert type="error">{p.message}</Alert>}
      <form
        class="ant-form ant-form-vertical app ant-form-css-var xt-base-form"
        method="post"
        action="/account/settings/base"
        enctype="multipart/form-data"
        hx-post="/account/settings/base"
        hx-encoding="multipart/form-data"
        hx-target="#content"
        novalidate
      >
        <div class="xt-base-grid">
          <div class="xt-base-fields">
            <FormItem label="账号" id="f-username" extra="账号不能修改">
              <TextInput id="f-username" name="_username" value={p.me.username} disabled />
            </FormItem>
            <FormItem label="姓名" id="f-realname" required error={e.realname}>
              <TextInput id="f-realname" name="realname" value={v.realname} error={e.realname} maxlength={50} />
            </FormItem>
            <FormItem label="性别" id="f-sex" error={e.sex}>
              <NativeSelect
                id="f-sex"
                name="sex"
                value={v.sex}
                error={e.sex}
                options={[
                  { value: '', text: '请选择' },
                  { value: '1', text: '男' },
                  { value: '2', text: '女' },
                  { value: '0', text: '未知' },
                ]}
              />
            </FormItem>
            <FormItem label="生日" id="f-birthday" error={e.birthday} extra="格式 YYYY-MM-DD">
              <TextInput id="f-birthday" name="birthday" type="date" value={v.birthday} error={e.birthday} />
            </FormItem>
            <FormItem label="邮箱" id="f-email" error={e.email}>
              <TextInput id="f-email" name="email" type="email" value={v.email} error={e.email} maxlength={100} autocomplete="email" />
            </FormItem>
            <FormItem label="手机号码" id="f-phone" error={e.phone}>
              <TextInput id="f-phone" name="phone" type="tel" value={v.phone} error={e.phone} maxlength={11} autocomplete="tel" />
            </FormItem>
          </div>
          <div class="xt-base-avatar" data-island="avatar-preview" data-island-load="visible">
            <FormItem label="头像" id="f-avatar" error={e.avatarFile ?? e.avatar} extra="PNG、JPEG、GIF 或 WEBP 图片，不超过 10MB">
              <div class="xt-avatar-upload">
                <UserAvatar user={preview} size="large" class="xt-avatar-preview" />
                <input type="hidden" name="avatar" value={v.avatar} />
                <label class="ant-btn app ant-btn-default ant-btn-color-default ant-btn-variant-outlined xt-file-button" for="f-avatar">
                  <Icon name="upload" />
                  <span>选择图片</span>
                </label>
                <input id="f-avatar" class="xt-file-input" type="file" name="avatarFile" accept="image/png,image/jpeg,image/gif,image/webp" />
                <span class="xt-file-name" aria-live="polite" />
              </div>
            </FormItem>
          </div>
        </div>
        <div class="xt-form-actions">
          <Button type="primary" htmlType="submit">
            更新基本信息
          </Button>
        </div>
      </form>
    </SettingsFrame>
  );
}

// ---------------------------------------------------------------- 安全设置

export type PasswordErrors = Partial<Record<'oldpassword' | 'password' | 'confirmpassword', string>>;

export function SecuritySettingsView(p: { errors: PasswordErrors; flash?: Flash; message?: string; username: string }) {
  const e = p.errors;
  return (
    <SettingsFrame tab="security">
      {p.flash && <Alert type={p.flash.type}>{p.flash.text}</Alert>}
      {p.message && <Alert type="warning">{p.message}</Alert>}
      <h3 class="xt-settings-subtitle">修改密码</h3>
      <form
        class="ant-form ant-form-vertical app ant-form-css-var xt-password-form"
        method="post"
        action="/account/settings/security"
        hx-post="/account/settings/security"
        hx-target="#content"
        novalidate
      >
        <input type="hidden" name="username" value={p.username} autocomplete="username" />
        <FormItem label="旧密码" id="f-oldpassword" required error={e.oldpassword}>
          <TextInput id="f-oldpassword" name="oldpassword" type="password" error={e.oldpassword} autocomplete="current-password" placeholder="请输入旧密码" />
        </FormItem>
        <FormItem label="新密码" id="f-password" required error={e.password} extra={PASSWORD_HELP}>
          <TextInput id="f-password" name="password" type="password" error={e.password} autocomplete="new-password" placeholder="请输入新密码" />
        </FormItem>
        <FormItem label="确认新密码" id="f-confirmpassword" required error={e.confirmpassword}>
          <TextInput id="f-confirmpassword" name="confirmpassword" type="password" error={e.confirmpassword} autocomplete="new-password" placeholder="请再次输入新密码" />
        </FormItem>
        <div class="xt-form-actions">
          <Button type="primary" htmlType="submit">
            修改密码
          </Button>
        </div>
      </form>
      <p class="xt-muted xt-settings-note">修改密码后，您在其他设备上的登录会失效，当前登录保持不变。</p>
    </SettingsFrame>
  );
}

// ---------------------------------------------------------------- 个性化设置, 账户绑定, 新消息通知

export function CustomSettingsView() {
  return (
    <SettingsFrame tab="custom">
      <p>菜单风格（暗色/亮色）、主题色、导航模式、内容区域宽度、固定 Header、固定侧边菜单、色弱模式和多页签模式，都在“主题设置”中调整。</p>
      <p>设置保存在本浏览器中，下次打开时自动生效。</p>
      <span data-island="open-settings" class="xt-open-settings">
        <Button type="primary" data-xt-open-settings="">
          <Icon name="skin" /> 打开主题设置
        </Button>
      </span>
      <p class="xt-muted">也可以从右上角用户菜单的“主题设置”打开。</p>
    </SettingsFrame>
  );
}

export function BindingSettingsView({ me }: { me: ProfileInfo }) {
  const rows = [
    { icon: 'mail', title: '绑定邮箱', value: me.email, none: '当前未绑定邮箱' },
    { icon: 'phone', title: '绑定手机', value: me.phone, none: '当前未绑定手机' },
  ];
  return (
    <SettingsFrame tab="binding">
      <ul class="xt-setting-list">
        {rows.map((r) => (
          <li>
            <span class="xt-setting-icon">
              <Icon name={r.icon} />
            </span>
            <div class="xt-setting-text">
              <div class="xt-setting-title">{r.title}</div>
              <div class="xt-muted">{r.value ? `已绑定：${r.value}` : r.none}</div>
            </div>
            <LinkButton type="link" {...nav('/account/settings/base')}>
              {r.value ? '修改' : '绑定'}
            </LinkButton>
          </li>
        ))}
      </ul>
    </SettingsFrame>
  );
}

export function NotificationSettingsView() {
  return (
    <SettingsFrame tab="notification">
      <ul class="xt-setting-list">
        <li>
          <span class="xt-setting-icon">
            <Icon name="notification" />
          </span>
          <div class="xt-setting-text">
            <div class="xt-setting-title">通知公告</div>
            <div class="xt-muted">学校和老师发布的通知，发给全体用户或指定的用户。</div>
          </div>
        </li>
        <li>
          <span class="xt-setting-icon">
            <Icon name="message" />
          </span>
          <div class="xt-setting-text">
            <div class="xt-setting-title">系统消息</div>
            <div class="xt-muted">平台发出的消息，例如作业与作品的处理结果。</div>
          </div>
        </li>
        <li>
          <span class="xt-setting-icon">
            <Icon name="bell" />
          </span>
          <div class="xt-setting-text">
            <div class="xt-setting-title">实时提醒</div>
            <div class="xt-muted">页面打开时，新消息会立即出现在右上角的铃铛中并弹出“消息提醒”，无需刷新页面。</div>
          </div>
        </li>
      </ul>
      <p>
        所有消息都可以在 <a {...nav(MY_ANNOUNCEMENTS)}>我的消息</a> 中查看，并标记为已读。
      </p>
    </SettingsFrame>
  );
}

