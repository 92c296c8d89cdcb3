// The multi-tab strip (desktop only) in antd's editable-card Tabs markup. The server renders the home tab and
// the current page; the browser (src/islands/shell/tabs.ts) keeps the list of visited pages per window and
// re-renders the strip with this same markup.
import { Icon } from '../icons.js';

export const HOME_PATH = '/dashboard/index';
export const HOME_TITLE = '首页';

export interface TabEntry {
  /** Route path: one tab per route. */
  path: string;
  /** Last URL shown in the tab (path + query), so a list's filters and page survive switching tabs. */
  href: string;
  title: string;
}

function Tab({ tab, active }: { tab: TabEntry; active: boolean }) {
  return (
    <div data-node-key={tab.path} class={`ant-tabs-tab ant-tabs-tab-with-remove${active ? ' ant-tabs-tab-active' : ''}`}>
      <a role="tab" aria-selected={active ? 'true' : 'false'} class="ant-tabs-tab-btn" href={tab.href}>
        {tab.title}
      </a>
      <button type="button" aria-label="remove" tabindex={-1} class="ant-tabs-tab-remove">
        <Icon name="close" />
      </button>
    </div>
  );
}

export function TabStrip({ current }: { current: TabEntry }) {
  const tabs = current.path === HOME_PATH ? [current] : [{ path: HOME_PATH, href: HOME_PATH, title: HOME_TITLE }, current];
  return (
    <div id="xt-tabs" class="ant-tabs ant-tabs-top ant-tabs-editable ant-tabs-card ant-tabs-editable-card app ant-tabs-css-var xt-page-tabs">
      <div role="tablist" aria-orientation="horizontal" class="ant-tabs-nav">
        <div class="ant-tabs-nav-wrap">
          <div class="ant-tabs-nav-list">
            {tabs.map((t) => (
              <Tab tab={t} active={t.path === current.path} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
