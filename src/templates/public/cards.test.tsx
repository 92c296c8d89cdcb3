// The marks on public work cards and the work page are icons of the icon set, not emoji: a school PC without
// an emoji font shows emoji as empty boxes.
import { describe, expect, it } from 'vitest';
import type { WorkModel } from '../../server/upstream/client.js';
import { WorkCard } from './cards.js';
import { WorkDetailPage } from './work-detail.js';

const work = { id: 'w1', workName: '小猫跳舞', realname: '小明', viewNum: 356, starNum: 42, workType_dictText: 'Scratch3.0', coverFileKey_url: null, createTime: '2026-01-02 10:00:00' } as unknown as WorkModel;
const EMOJI = /\p{Extended_Pictographic}/u;

describe('view and like marks', () => {
  it('are svg icons on a work card, with the counts for screen readers', () => {
    const html = String(<WorkCard work={work} />);
    expect(html).not.toMatch(EMOJI);
    expect(html).toContain('data-icon="eye"');
    expect(html).toContain('data-icon="like"');
    expect(html).toContain('浏览 356 次');
    expect(html).toContain('点赞 42 次');
  });

  it('are svg icons on the work page', () => {
    const html = String(<WorkDetailPage brandName="学堂" footerHtml="" menu={[]} viewer={null} current="/work-detail" work={work} />);
    expect(html).not.toMatch(EMOJI);
    expect(html).toContain('data-icon="eye"');
    expect(html).toContain('data-icon="like"');
  });
});
