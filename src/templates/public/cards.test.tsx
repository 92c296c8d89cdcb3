// Public work cards and the work page: the author is named by real name, never the account name (even when an
// upstream backend such as the anchor still sends one), and the view and like marks are icons of the icon set,
// not emoji (a school PC without an emoji font shows emoji as empty boxes).
import { describe, expect, it } from 'vitest';
import type { WorkModel } from '../../server/upstream/client.js';
import { WorkCard } from './cards.js';
import { HomePage } from './home.js';
import { WorkDetailPage } from './work-detail.js';

const authored = (author: Pick<WorkModel, 'realname' | 'username'>): WorkModel => ({
  id: 'w1',
  workName: '小猫跳舞',
  workType: '2',
  workType_dictText: 'Scratch',
  workStatus: '4',
  workStatus_dictText: '精选作品',
  viewNum: 3,
  starNum: 1,
  createTime: '2024-01-01 08:00:00',
  userId: 'u1',
  avatar_url: null,
  coverFileKey_url: null,
  workFileKey_url: null,
  ...author,
});

describe('WorkCard', () => {
  it('shows the real name, or 匿名 when there is none, never the username', () => {
    expect(String(<WorkCard work={authored({ realname: '小明', username: 'student1' })} />)).toContain('小明');
    const nameless = String(<WorkCard work={authored({ realname: '', username: 'student1' })} />);
    expect(nameless).toContain('匿名');
    expect(nameless).not.toContain('student1');
  });
});

const work = { id: 'w1', workName: '小猫跳舞', realname: '小明', viewNum: 356, starNum: 42, workType_dictText: 'Scratch3.0', coverFileKey_url: null, createTime: '2026-01-02 10:00:00' } as unknown as WorkModel;
const EMOJI = /\p{Extended_Pictographic}/u;

describe('view and like marks', () => {
  it('are svg icons on a work card (from the page sprite), with the counts for screen readers', () => {
    const html = String(<WorkCard work={work} />);
    expect(html).not.toMatch(EMOJI);
    expect(html).toContain('<use href="#xt-i-eye">');
    expect(html).toContain('<use href="#xt-i-like">');
    expect(html).toContain('浏览 356 次');
    expect(html).toContain('点赞 42 次');
  });

  it('are drawn once per page, in the layout’s sprite, however many cards use them', () => {
    const works = ['w1', 'w2', 'w3'].map((id) => ({ ...work, id }));
    const html = String(<HomePage brandName="学堂" footerHtml="" menu={[]} viewer={null} featured={works} liked={works} latest={[]} courses={[]} />);
    const count = (s: string) => html.split(s).length - 1;
    expect(count('<symbol id="xt-i-eye"')).toBe(1);
    expect(count('<symbol id="xt-i-like"')).toBe(1);
    expect(count('<use href="#xt-i-eye">')).toBe(6);
    expect(count('<use href="#xt-i-like">')).toBe(6);
    // The eye's outline (its path data) is in the page once.
    expect(count('M942.2 486.2')).toBe(1);
  });

  it('are svg icons on the work page', () => {
    const html = String(<WorkDetailPage brandName="学堂" footerHtml="" menu={[]} viewer={null} current="/work-detail" work={work} share={{ link: 'http://localhost/work-detail?id=w1', svg: '<svg></svg>' }} />);
    expect(html).not.toMatch(EMOJI);
    expect(html).toContain('data-icon="eye"');
    expect(html).toContain('data-icon="like"');
  });
});

describe('the author on a work card', () => {
  it('links to the author’s page, and is left out where every card is theirs', () => {
    const w = authored({ realname: '小明', username: 'student1' });
    expect(String(<WorkCard work={w} />)).toContain('<a href="/friend-detail?id=u1">小明</a>');
    const own = String(<WorkCard work={w} showAuthor={false} />);
    expect(own).not.toContain('friend-detail');
    expect(own).not.toContain('小明');
  });
});
