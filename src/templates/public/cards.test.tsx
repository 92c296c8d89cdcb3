// Work cards name the author by their real name; an account name is never shown, even when an upstream
// backend (UPSTREAM_URL, e.g. the anchor) still sends one.
import { describe, expect, it } from 'vitest';
import type { WorkModel } from '../../server/upstream/client.js';
import { WorkCard } from './cards.js';

const work = (author: Pick<WorkModel, 'realname' | 'username'>): WorkModel => ({
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
    expect(String(<WorkCard work={work({ realname: '小明', username: 'student1' })} />)).toContain('小明');
    const nameless = String(<WorkCard work={work({ realname: '', username: 'student1' })} />);
    expect(nameless).toContain('匿名');
    expect(nameless).not.toContain('student1');
  });
});
