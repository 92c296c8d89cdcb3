/**
 * Settings drawer island (SPEC §2 settings drawer, §3 defaults, §4 coupling). Opened by the user menu's
 * 主题设置, which dispatches `xt:open-settings`: shell.ts loads this island on the first one, then the island
 * listens itself. It only edits: shell.ts (window.xtShell) owns the settings — coupling rules, persistence
 * (localStorage + cookie, so the server renders them on the next first paint) and applying them to the page.
 * Colours switch by a body class whose antd variables the build extracted (static/build/theme.css).
 */
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import ConfigProvider from 'antd/es/config-provider';
import Divider from 'antd/es/divider';
import Drawer from 'antd/es/drawer';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Tooltip from 'antd/es/tooltip';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { IslandContext } from './boot';
import type { ShellSettings } from './shell/types';

interface Props {
  presets: { name: string; color: string }[];
}

/** The static antd CSS is on the page, so no styles are generated at run time. */
const THEME = { hashed: false, cssVar: { key: 'app' }, zeroRuntime: true } as const;
const OPEN_EVENT = 'xt:open-settings';

function Choice(p: { label: string; selected: boolean; onClick: () => void; className: string; children?: ReactNode }) {
  return (
    <Tooltip title={p.label}>
      <button type="button" className={`xt-setting-choice ${p.className}`} aria-label={p.label} aria-pressed={p.selected} onClick={p.onClick}>
        {p.children}
        {p.selected ? <CheckOutlined className="xt-setting-check" /> : null}
      </button>
    </Tooltip>
  );
}

function Row(p: { title: string; disabled?: boolean; action: ReactNode }) {
  return (
    <div className="xt-setting-row">
      <span className={p.disabled ? 'xt-setting-disabled' : undefined}>{p.title}</span>
      {p.action}
    </div>
  );
}

function SettingsDrawer({ presets, openAtStart }: Props & { openAtStart: boolean }) {
  const shell = window.xtShell!;
  const [open, setOpen] = useState(openAtStart);
  const [s, setS] = useState<ShellSettings>(() => shell.settings());
  const change = (patch: Partial<ShellSettings>) => setS(shell.update(patch));

  useEffect(() => {
    const onOpen = () => {
      setS(shell.settings());
      setOpen(true);
    };
    document.addEventListener(OPEN_EVENT, onOpen);
    return () => document.removeEventListener(OPEN_EVENT, onOpen);
  }, [shell]);

  const sidemenu = s.layout === 'sidemenu';
  const toggle = (title: string, key: keyof ShellSettings, disabled = false) => (
    <Row
      title={title}
      disabled={disabled}
      action={<Switch size="small" aria-label={title} checked={s[key] as boolean} disabled={disabled} onChange={(v) => change({ [key]: v })} />}
    />
  );

  return (
    <Drawer placement="right" size={300} open={open} onClose={() => setOpen(false)} title="主题设置" className="xt-setting-drawer">
      <h3 className="xt-setting-title">整体风格设置</h3>
      <div className="xt-setting-choices">
        <Choice label="暗色菜单风格" className="xt-setting-style xt-setting-style-dark" selected={s.theme === 'dark'} onClick={() => change({ theme: 'dark' })} />
        <Choice label="亮色菜单风格" className="xt-setting-style xt-setting-style-light" selected={s.theme !== 'dark'} onClick={() => change({ theme: 'light' })} />
      </div>

      <h3 className="xt-setting-title">主题色</h3>
      <div className="xt-setting-colors">
        {presets.map((p) => (
          <Choice key={p.color} label={p.name} className="xt-setting-color" selected={s.color.toLowerCase() === p.color.toLowerCase()} onClick={() => change({ color: p.color })}>
            <span className="xt-setting-swatch" style={{ background: p.color }} />
          </Choice>
        ))}
      </div>

      <Divider />
      <h3 className="xt-setting-title">导航模式</h3>
      <div className="xt-setting-choices">
        <Choice label="侧边栏导航" className="xt-setting-style xt-setting-nav-side" selected={sidemenu} onClick={() => change({ layout: 'sidemenu' })} />
        <Choice label="顶部栏导航" className="xt-setting-style xt-setting-nav-top" selected={!sidemenu} onClick={() => change({ layout: 'topmenu' })} />
      </div>
      <div className="xt-setting-list">
        <Row
          title="内容区域宽度"
          action={
            <Tooltip title="该设定仅 [顶部栏导航] 时有效" placement="left">
              <Select
                size="small"
                style={{ width: 80 }}
                aria-label="内容区域宽度"
                value={s.contentWidth}
                onChange={(v: ShellSettings['contentWidth']) => change({ contentWidth: v })}
                options={sidemenu ? [{ value: 'Fixed', label: '固定' }] : [{ value: 'Fixed', label: '固定' }, { value: 'Fluid', label: '流式' }]}
              />
            </Tooltip>
          }
        />
        {toggle('固定 Header', 'fixedHeader')}
        {toggle('下滑时隐藏 Header', 'autoHideHeader', !s.fixedHeader)}
        {toggle('固定侧边菜单', 'fixSiderbar', !sidemenu)}
      </div>

      <Divider />
      <h3 className="xt-setting-title">其他设置</h3>
      <div className="xt-setting-list">
        {toggle('色弱模式', 'colorWeak')}
        {toggle('多页签模式', 'multipage')}
      </div>
    </Drawer>
  );
}

const roots = new WeakMap<HTMLElement, Root>();

export function mount(el: HTMLElement, props: unknown, ctx: IslandContext) {
  const host = document.createElement('div');
  el.appendChild(host);
  const root = createRoot(host);
  roots.set(el, root);
  const { presets = [] } = (props || {}) as Partial<Props>;
  root.render(
    <ConfigProvider theme={THEME} locale={zhCN}>
      <SettingsDrawer presets={presets} openAtStart={ctx.trigger === OPEN_EVENT} />
    </ConfigProvider>,
  );
}

export function unmount(el: HTMLElement) {
  roots.get(el)?.unmount();
  roots.delete(el);
}
