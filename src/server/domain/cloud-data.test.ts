// The cloud variables a saved project declares (project.json's cloud-flagged stage variables) and creating
// them for a work without touching values it already has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { cloudValue, cloudVariables, declareCloudVariables, projectCloudVariables } from './cloud-data.js';

describe('cloud values and declared variables', () => {
  it('accepts numbers and numeric strings only', () => {
    expect(['0', '-12', '3.5', '.5', '1e5', '-2.5E-3', 42, -0.5].map(cloudValue)).toEqual(['0', '-12', '3.5', '.5', '1e5', '-2.5E-3', '42', '-0.5']);
    expect(['', 'abc', '1 2', '0x10', 'Infinity', '1'.repeat(257), NaN, Infinity, null, true, {}].map(cloudValue)).toEqual(Array(11).fill(null));
  });

  it('reads the cloud variables a project declares, leaving out ordinary and broken ones', () => {
    const project = {
      targets: [
        { isStage: true, variables: { a: ['☁ 最高分', 88, true], b: ['普通变量', 1], c: ['☁ 名字', 'hello', true], d: ['x'.repeat(65), 1, true] } },
        { isStage: false, variables: { e: ['☁ 最高分', 1, true] } },
      ],
    };
    expect(projectCloudVariables(project)).toEqual([
      { name: '☁ 最高分', value: '88' },
      { name: '☁ 名字', value: '0' },
    ]);
    expect(projectCloudVariables(null)).toEqual([]);
    expect(projectCloudVariables({ targets: 'x' })).toEqual([]);
  });
});

describe.each(dialects)('declareCloudVariables on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the missing ones, keeps existing values, stops at 10', async () => {
    const work = 'a'.repeat(32);
    await declareCloudVariables(t.db, work, [{ name: '☁ 分', value: '5' }], 'u');
    await declareCloudVariables(t.db, work, [{ name: '☁ 分', value: '0' }, ...Array.from({ length: 12 }, (_, i) => ({ name: `☁ v${String(i).padStart(2, '0')}`, value: String(i) }))], 'u');
    const vars = await cloudVariables(t.db, work);
    expect(vars).toHaveLength(10);
    expect(vars.find((v) => v.name === '☁ 分')?.value).toBe('5');
  });
});
