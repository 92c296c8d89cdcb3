// The work-type helpers every screen asks where a work opens: its editor (with the load-priority parameters), its
// player (by work id or file), whether it plays at all, a project file's type by its name, and the cover.
import { describe, expect, it } from 'vitest';
import { editorUrl, hasEditor, hasPlayer, hasServedEditor, isCodeType, isScratchType, PLAYABLE_TYPES, playerUrl, typeOfProjectFile, WORK_TYPE, workCoverUrl } from './work-types.js';

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const path = (url: string) => new URL(url, 'http://x').pathname;

describe('work types', () => {
  it('tells Scratch from the code types, whatever the value’s form', () => {
    expect([1, '2', ' 2 '].map(isScratchType)).toEqual([true, true, true]);
    expect(['0', '3', '4', '10', null, undefined, ''].map(isScratchType)).toEqual([false, false, false, false, false, false, false]);
    expect([4, '10', ' 4'].map(isCodeType)).toEqual([true, true, true]);
    expect(['0', '1', '2', '3', '11', null].map(isCodeType)).toEqual([false, false, false, false, false, false]);
  });

  it('knows which types have an editor, a served editor and a player', () => {
    expect(['1', '2', '3', '4', '10'].every(hasEditor)).toBe(true);
    expect(['0', '5', '', null].some(hasEditor)).toBe(false);
    // ScratchJr is linked as the anchor does, but not served.
    expect(['1', '2', '3', '4', '10'].map(hasServedEditor)).toEqual([true, true, false, true, true]);
    expect(['1', '2', '3', '4', '10', '0'].map(hasPlayer)).toEqual([true, true, false, true, true, false]);
    expect([...PLAYABLE_TYPES].sort()).toEqual(['1', '10', '2', '4']);
  });

  it('opens each type’s editor with the load-priority parameters, leaving out the empty ones', () => {
    expect(editorUrl(WORK_TYPE.blockly, { scene: 'create' })).toBe('/blockly/index.html?lang=zh-hans&scene=create');
    const py = editorUrl(4, { workId: 'w1', unitId: '', additionalId: 'a1', departId: 'd1', workName: '五角星', workFile: '/api/sys/common/static/python/x.py' });
    expect(path(py)).toBe('/python/index.html');
    expect(query(py)).toEqual({ lang: 'turtle', workId: 'w1', additionalId: 'a1', departId: 'd1', workName: '五角星', url: '/api/sys/common/static/python/x.py' });
    expect(query(editorUrl('2', { unitId: 'u1', workFile: '/f.sb3' }))).toEqual({ unitId: 'u1', workFile: '/f.sb3' });
    expect(editorUrl('2')).toBe('/scratch3/index.html');
    expect(editorUrl('0', { workId: 'w1' })).toBe('');
  });

  it('plays by file where the player takes one, but the Blockly page by work id', () => {
    const file = '/api/sys/common/static/x';
    expect(playerUrl('2', { workId: 'w1', fileUrl: `${file}.sb3`, autoplay: true })).toBe(`/scratch3/player.html?workUrl=${encodeURIComponent(`${file}.sb3`)}&autoplay=1`);
    expect(playerUrl('2', { workId: 'w1' })).toBe('/scratch3/player.html?workId=w1');
    expect(query(playerUrl('4', { workId: 'w1', fileUrl: `${file}.py`, workName: '星' }))).toEqual({ lang: 'turtle', url: `${file}.py`, workName: '星' });
    expect(playerUrl('10', { workId: 'w1', fileUrl: `${file}.json` })).toBe('/blockly/index.html?lang=zh-hans&workId=w1');
    expect(playerUrl('10', { fileUrl: `${file}.json` })).toBe(`/blockly/index.html?lang=zh-hans&url=${encodeURIComponent(`${file}.json`)}`);
    // Nothing to play: no player for the type, or neither id nor file.
    expect([playerUrl('0', { workId: 'w1' }), playerUrl('3', { workId: 'w1' }), playerUrl('4', {})]).toEqual(['', '', '']);
  });

  it('tells a project file’s type by its name', () => {
    expect(['a.sb3', 'B.SB2?x=1', 'p.py#top', 'x.blockly.json', '/static/blockly/x.json', 'x.json', 'x.png', 'py'].map(typeOfProjectFile)).toEqual(['2', '2', '4', '10', '10', null, null, null]);
  });

  it('gives a code work without a cover of its own the code image, others none', () => {
    expect(workCoverUrl('4', null)).toBe('/static/img/code-cover.svg');
    expect(workCoverUrl(10, '')).toBe('/static/img/code-cover.svg');
    expect(workCoverUrl('10', '/c.jpg')).toBe('/c.jpg');
    expect(workCoverUrl('2', null)).toBe('');
  });
});
