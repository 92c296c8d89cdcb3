// The works screens offer 批改 and 删除 by the row abilities the API sends (canGrade, canDelete), not by guessing:
// a row the API would refuse shows no such action, even to a caller holding the permission codes. Rendered from the
// screens' own declarations and templates; each row's actions are read as the links and buttons a person sees.
import { describe, expect, it } from 'vitest';
import { ListView } from '../../../templates/list/list-view.js';
import { WorkCards } from '../../../templates/works/parts.js';
import { mineWorksList, worksList } from '../../resources/works.js';
import type { ListSpec } from '../../resources/spec.js';

const work = (id: string, name: string, abilities: { canGrade?: boolean; canDelete?: boolean }) => ({
  id,
  workName: name,
  workType: '3',
  workStatus: '1',
  workFileKey_url: null,
  coverFileKey_url: null,
  workTag: '',
  score: null,
  teacherComment: null,
  ...abilities,
});

/** The visible names of the links and buttons inside each element carrying `attr` (a table row, a card), by its value. */
function actionsBy(html: string, tag: 'tr' | 'li', attr: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const element = new RegExp(`<${tag}\\b[^>]*\\b${attr}="([^"]+)"[^>]*>([\\s\\S]*?)</${tag}>`, 'g');
  for (const [, key, inner] of html.matchAll(element)) {
    const names = [...inner.matchAll(/<(a|button)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2].replace(/<[^>]+>/g, '').trim()).filter(Boolean);
    out.set(key, names);
  }
  return out;
}

const listHtml = (spec: ListSpec, records: Record<string, unknown>[]) =>
  String(<ListView spec={spec} state={{}} page={{ records, total: records.length, current: 1, size: 10 }} can={() => true} dicts={{}} />);

describe('row abilities on the works screens', () => {
  it('作业管理 offers 批改 and 删除 only on rows whose abilities allow them, though the caller holds work:correct and work:del', () => {
    const rows = actionsBy(listHtml(worksList, [work('w1', '可批改', { canGrade: true, canDelete: true }), work('w2', '不可批改', { canGrade: false, canDelete: false }), work('w3', '旧答复', {})]), 'tr', 'data-row-key');
    expect(rows.get('w1')).toEqual(expect.arrayContaining(['批改', '删除']));
    for (const id of ['w2', 'w3']) {
      expect(rows.get(id), id).toBeDefined();
      expect(rows.get(id), id).not.toContain('批改');
      expect(rows.get(id), id).not.toContain('删除');
      // Actions that need no ability stay.
      expect(rows.get(id), id).toContain('修改记录');
    }
  });

  it('我的作品列表 and 个人中心’s cards offer 删除 only where canDelete is true', () => {
    const records = [work('w1', '我的', { canDelete: true }), work('w2', '别人的', { canDelete: false })];
    const rows = actionsBy(listHtml(mineWorksList, records), 'tr', 'data-row-key');
    expect(rows.get('w1')).toContain('删除');
    expect(rows.get('w2')).not.toContain('删除');

    const cards = actionsBy(String(<WorkCards works={records} deleteAction="/account/center/works/delete" shareHref={(id) => `/share?id=${id}`} back="/account/center" />), 'li', 'data-work');
    expect(cards.get('w1')).toContain('删除');
    expect(cards.get('w2')).toBeDefined();
    expect(cards.get('w2')).not.toContain('删除');
  });
});
