// Closed state of the menu search (SPEC §2): a search icon in the top bar. The menu-search island
// (src/islands/menu-search.tsx) loads on the first interaction and opens the searchable select in its place
// (on mobile, in a modal titled 搜索菜单).
import { Icon } from '../icons.js';

export function MenuSearch() {
  return (
    <span class="xt-menu-search" data-island="menu-search">
      <button type="button" class="xt-header-action xt-search-trigger" aria-label="搜索菜单" title="搜索菜单">
        <Icon name="search" />
      </button>
    </span>
  );
}
