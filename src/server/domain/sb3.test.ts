// The Scratch project check (domain/sb3.ts) and the general zip check (domain/zip-check.ts) on generated files:
// each bad file is refused with a message that says what is wrong; valid projects pass and report what they hold.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  badJson,
  deflatedZeros,
  lyingSizes,
  missingAsset,
  notZip,
  projectJson,
  rawZip,
  sb3With,
  scratch2,
  stageTarget,
  traversal,
  validSb3,
  zipBomb,
} from '../../../test/sb3-files.js';
import { zipArchive } from '../shared/zip.js';
import { checkSb2, checkSb3, SB2_MESSAGE, SB3_LIMITS } from './sb3.js';
import { checkZip, walkZip, ZIP_LIMITS } from './zip-check.js';

const refused = async (file: Buffer) => {
  const r = await checkSb3(file);
  expect(r.ok, JSON.stringify(r)).toBe(false);
  return (r as { message: string }).message;
};

describe('checkSb3', () => {
  it('accepts the seed\'s demo project and reports what it holds', async () => {
    const r = await checkSb3(validSb3());
    expect(r).toEqual({ ok: true, info: { entries: 3, bytes: expect.any(Number), targets: 2, blocks: 6, hasCloudData: false, extensions: [], missingAssets: [] }, project: expect.objectContaining({ targets: expect.any(Array) }) });
  });

  it('the generated bad files are what they claim to be', () => {
    // The bomb really inflates to 300 MB of zeros (checked on a smaller one made the same way) ...
    const z = deflatedZeros(3);
    const inflated = zlib.inflateRawSync(z.data);
    expect(inflated.length).toBe(3 * 1024 * 1024);
    expect(zlib.crc32(inflated)).toBe(z.crc);
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(400 * 1024);
    // ... and the lying archive declares 100 bytes for its 8 MB asset.
    expect(lyingSizes().includes(Buffer.from([100, 0, 0, 0]))).toBe(true);
  });

  it('refuses a zip bomb (300 MB of zeros in 300 KB) before inflating it', async () => {
    const t0 = Date.now();
    expect(await refused(zipBomb())).toMatch(/^Scratch 项目中的文件“0{32}\.wav”解压后过大（超过20MB），已拒绝$/);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('refuses an entry compressed beyond 200:1 even within the size limits', async () => {
    const z = deflatedZeros(15);
    const file = sb3With(projectJson(), [{ name: `${'2'.repeat(32)}.wav`, data: z.data, deflated: { size: z.size, crc: z.crc } }]);
    expect(await refused(file)).toMatch(/压缩比异常（超过 200:1，疑似压缩炸弹）/);
  });

  it('refuses an archive whose headers lie about the sizes (stops at the declared size)', async () => {
    expect(await refused(lyingSizes())).toMatch(/实际大小与声明不符/);
  });

  it('refuses path traversal, absolute paths, backslashes, folders and names that are not assets', async () => {
    expect(await refused(traversal())).toBe('Scratch 项目中含有非法的文件路径（../x.png），已拒绝');
    expect(await refused(sb3With(projectJson(), [{ name: '/etc/x.png', data: Buffer.from('x') }]))).toMatch(/非法的文件路径/);
    expect(await refused(sb3With(projectJson(), [{ name: 'a\\..\\x.png', data: Buffer.from('x') }]))).toMatch(/非法的文件路径/);
    expect(await refused(sb3With(projectJson(), [{ name: 'evil.html', data: Buffer.from('<script>') }]))).toMatch(/不允许的文件（evil\.html）/);
    expect(await refused(sb3With(projectJson(), [{ name: 'assets/', data: Buffer.alloc(0) }]))).toMatch(/不允许的文件/);
    expect(await refused(sb3With(projectJson(), [{ name: `${'a'.repeat(32)}.exe`, data: Buffer.from('MZ') }]))).toMatch(/不允许的文件/);
  });

  it('refuses encrypted entries and duplicate names', async () => {
    expect(await refused(sb3With(projectJson(), [{ name: `${'3'.repeat(32)}.png`, data: Buffer.from('x'), encrypted: true }]))).toMatch(/加密/);
    expect(await refused(sb3With(projectJson(), [{ name: 'project.json', data: Buffer.from('{}') }]))).toMatch(/重复的文件（project\.json）/);
  });

  it(`refuses more than ${SB3_LIMITS.maxEntries} entries`, async () => {
    const many = Array.from({ length: SB3_LIMITS.maxEntries }, (_, i) => ({ name: `${i.toString(16).padStart(32, '0')}.svg`, data: Buffer.from('<svg/>'), method: 'store' as const }));
    expect(await refused(sb3With(projectJson(), many))).toBe(`Scratch 项目中的文件过多（${SB3_LIMITS.maxEntries + 2} 个，最多 ${SB3_LIMITS.maxEntries} 个）`);
  });

  it('refuses bad JSON, a missing project.json, a Scratch 2 project and a file that is not a zip', async () => {
    expect(await refused(badJson())).toBe('Scratch 项目中的 project.json 不是有效的 JSON，文件可能已损坏');
    expect(await refused(rawZip([{ name: `${'4'.repeat(32)}.svg`, data: Buffer.from('<svg/>') }]))).toBe('不是有效的 Scratch 3 项目：缺少 project.json');
    expect(await refused(scratch2())).toBe(SB2_MESSAGE);
    // A Scratch 2 project.json alone (no assets) says the same.
    expect(await refused(sb3With({ objName: 'Stage', children: [] }))).toBe(SB2_MESSAGE);
    expect(await refused(notZip())).toBe('文件不是有效的 Scratch 3 项目（.sb3）');
    // Zip magic but no directory (a truncated upload).
    expect(await refused(validSb3().subarray(0, 200))).toBe('文件不是有效的 Scratch 3 项目（.sb3）');
    expect(await refused(Buffer.alloc(SB3_LIMITS.maxFileBytes + 1))).toBe('Scratch 项目文件不能超过30MB');
  });

  it('checks the structure: targets, exactly one stage, at most 500 targets, named costumes', async () => {
    expect(await refused(sb3With(projectJson({ targets: [] })))).toMatch(/没有舞台和角色/);
    expect(await refused(sb3With({ hello: 1 }))).toMatch(/没有角色和舞台（targets）/);
    expect(await refused(sb3With('[1,2]'))).toMatch(/内容不正确/);
    expect(await refused(sb3With(projectJson({ targets: [stageTarget(), stageTarget()] })))).toBe('不是有效的 Scratch 3 项目：项目必须有且只有一个舞台（现有 2 个）');
    expect(await refused(sb3With(projectJson({ targets: [{ ...stageTarget(), isStage: false }] })))).toMatch(/现有 0 个/);
    const sprites = Array.from({ length: SB3_LIMITS.maxTargets }, (_, i) => ({ ...stageTarget(), isStage: false, name: `s${i}` }));
    expect(await refused(sb3With(projectJson({ targets: [stageTarget(), ...sprites] })))).toBe(`Scratch 项目中的角色过多（${SB3_LIMITS.maxTargets + 1} 个，最多 ${SB3_LIMITS.maxTargets} 个）`);
    const unnamed = { ...stageTarget(), isStage: false, name: '小猫', costumes: [{ dataFormat: 'svg', md5ext: 'x.svg' }] };
    expect(await refused(sb3With(projectJson({ targets: [stageTarget(), unnamed] })))).toBe('Scratch 项目中角色“小猫”的第 1 个造型没有名称');
  });

  it('caps project.json at 10 MB of real content', async () => {
    const huge = Buffer.from(JSON.stringify(projectJson({ padding: 'x'.repeat(SB3_LIMITS.maxProjectJsonBytes) })));
    expect(await refused(rawZip([{ name: 'project.json', data: huge, method: 'store' }]))).toMatch(/project\.json”解压后过大（超过10MB）/);
  });

  it('reports assets that are named but missing, without refusing the project', async () => {
    const { file, missing } = missingAsset();
    const r = await checkSb3(file);
    expect(r).toMatchObject({ ok: true, info: { targets: 2, missingAssets: [missing] } });
  });

  it('finds cloud variables, extensions and counts blocks', async () => {
    const stage = stageTarget({ variables: { a: ['☁ 分数', 0, true], b: ['本地', 1] } });
    const sprite = { ...stageTarget(), isStage: false, name: '画笔', blocks: { x: { opcode: 'pen_clear' }, y: { opcode: 'event_whenflagclicked' } } };
    const r = await checkSb3(sb3With(projectJson({ targets: [stage, sprite], extensions: ['pen', 'music'] })));
    expect(r).toMatchObject({ ok: true, info: { hasCloudData: true, extensions: ['pen', 'music'], blocks: 2 } });
    const plain = await checkSb3(sb3With(projectJson({ targets: [stageTarget({ variables: { b: ['本地', 1, false] } })] })));
    expect(plain).toMatchObject({ ok: true, info: { hasCloudData: false } });
  });

  it('accepts a project written by another zip writer (stored entries, the seed\'s zipArchive)', async () => {
    const file = zipArchive([
      { name: 'project.json', data: Buffer.from(JSON.stringify(projectJson())) },
      { name: `${stageTarget().costumes[0].md5ext}`, data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ]);
    expect((await checkSb3(file)).ok).toBe(true);
  });
});

describe('checkSb2', () => {
  it('accepts a Scratch 2 project and refuses a Scratch 3 one or a bomb', async () => {
    expect(await checkSb2(scratch2())).toEqual({ ok: true });
    expect(await checkSb2(validSb3())).toMatchObject({ ok: false, message: '不是有效的 Scratch 2 项目（.sb2）' });
    expect(await checkSb2(zipBomb())).toMatchObject({ ok: false, message: expect.stringMatching(/解压后过大/) });
  });
});

describe('checkZip (other archives)', () => {
  it('accepts an ordinary archive and refuses traversal, bombs and lying sizes', async () => {
    const docx = rawZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/', data: Buffer.alloc(0), method: 'store' },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>'.repeat(100)) },
    ]);
    expect((await checkZip(docx)).ok).toBe(true);
    expect(await checkZip(rawZip([{ name: 'a/../../x.txt', data: Buffer.from('x') }]))).toEqual({ ok: false, message: '压缩文件中含有非法的文件路径（a/../../x.txt），已拒绝' });
    const z = deflatedZeros(300);
    expect(await checkZip(rawZip([{ name: 'zeros.bin', data: z.data, deflated: { size: z.size, crc: z.crc } }]))).toMatchObject({ ok: false, message: expect.stringMatching(/解压后过大|压缩比异常/) });
    const lie = deflatedZeros(8);
    expect(await checkZip(rawZip([{ name: 'x.bin', data: lie.data, deflated: { size: lie.size, crc: lie.crc }, declaredSize: 100 }]))).toMatchObject({ ok: false, message: expect.stringMatching(/实际大小与声明不符/) });
    expect(await checkZip(notZip())).toEqual({ ok: false, message: '压缩文件不是有效的 zip 文件' });
  });

  it('enforces the total of declared sizes', async () => {
    const entries = Array.from({ length: 3 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.alloc(600, 65), method: 'store' as const }));
    await expect(walkZip(rawZip(entries), { limits: { ...ZIP_LIMITS, maxTotalBytes: 1000 }, label: '压缩文件' })).rejects.toThrow(/^压缩文件解压后总大小超过/);
  });
});
