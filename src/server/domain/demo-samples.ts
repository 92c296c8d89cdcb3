// The sample data of 开发示例 (the developer gallery): kept in memory by each app instance, never in the database,
// so the gallery cannot touch a school's data and starts afresh on every restart. Filters and sorting follow the
// list contract (`*x*` contains, exact values, `<key>_begin`/`_end` ranges) over the keys the gallery's
// declarations allow; anything else in the query is ignored.
import { queryList, SAMPLE_CATEGORIES, SAMPLE_STATUSES } from '../resources/demo.js';
import { sortableKeys } from '../resources/spec.js';
import { newId } from './ids.js';
import { formatDateTime, now } from './time.js';

export interface SampleInput {
  name: string;
  category: string;
  owner: string;
  status: string;
  progress: number;
  email?: string;
  description?: string;
}

export interface Sample extends SampleInput {
  id: string;
  createBy: string;
  createTime: string;
}

const MAX_SAMPLES = 200;
const TEXT_KEYS = ['name', 'owner'] as const;
const EXACT_KEYS = ['status', 'category'] as const;

const NAMES = ['Scratch 入门课', '编程小课堂', '创意动画', '迷宫游戏', '数学小游戏', '音乐盒', '天气小助手', '打地鼠', '电子贺卡', '故事绘本', '接苹果', '太空射击'];
const OWNERS = ['王老师', '李老师', '张老师', '刘老师', '陈老师'];

function seedSamples(): Sample[] {
  const start = Date.now();
  return Array.from({ length: 36 }, (_, i) => {
    const category = SAMPLE_CATEGORIES[i % 3].value;
    const status = SAMPLE_STATUSES[(i * 7) % 3].value;
    return {
      id: `sample-${String(i + 1).padStart(2, '0')}`,
      name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${Math.floor(i / NAMES.length) + 1}` : ''}`,
      category,
      owner: OWNERS[i % OWNERS.length],
      status,
      progress: status === 'done' ? 100 : (i * 17) % 100,
      email: `teacher${(i % OWNERS.length) + 1}@example.com`,
      description: `示例${SAMPLE_CATEGORIES[i % 3].label}，用于演示列表、筛选与分页。`,
      createBy: 'admin',
      // One a day back from now: sorting by 创建时间 gives a stable order.
      createTime: formatDateTime(new Date(start - i * 86_400_000)),
    };
  });
}

const labelOf = (options: { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** A record as the API sends it: with the texts of its choices. */
const toRecord = (s: Sample) => ({ ...s, categoryText: labelOf(SAMPLE_CATEGORIES, s.category), statusText: labelOf(SAMPLE_STATUSES, s.status) });

function matches(value: string, filter: string): boolean {
  const f = filter.trim();
  if (!f) return true;
  if (f.includes('*')) return value.toLowerCase().includes(f.replace(/\*/g, '').toLowerCase());
  return value === f;
}

const rangeBound = (v: string, end: boolean) => (v.trim().length === 10 ? `${v.trim()} ${end ? '23:59:59' : '00:00:00'}` : v.trim());

export class SampleStore {
  private rows: Sample[] = seedSamples();

  page(query: Record<string, string>, o: { pageNo: number; pageSize: number; sort: { column: string; order: 'asc' | 'desc' } }) {
    let rows = this.rows.filter(
      (r) =>
        TEXT_KEYS.every((k) => matches(r[k], query[k] ?? '')) &&
        EXACT_KEYS.every((k) => !query[k] || query[k].split(',').includes(r[k])) &&
        (!query.createTime_begin || r.createTime >= rangeBound(query.createTime_begin, false)) &&
        (!query.createTime_end || r.createTime <= rangeBound(query.createTime_end, true)),
    );
    const requested = (query.column ?? '').replace(/_dictText$/, '');
    const column = sortableKeys(queryList).includes(requested) ? requested : o.sort.column;
    const order = requested === column ? (/asc/i.test(query.order ?? '') ? 'asc' : 'desc') : o.sort.order;
    const key = column as keyof Sample;
    rows = [...rows].sort((a, b) => {
      const x = a[key] ?? '';
      const y = b[key] ?? '';
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'zh-CN');
      return (order === 'asc' ? cmp : -cmp) || a.id.localeCompare(b.id);
    });
    const offset = (o.pageNo - 1) * o.pageSize;
    return { records: rows.slice(offset, offset + o.pageSize).map(toRecord), total: rows.length };
  }

  get(id: string) {
    const found = this.rows.find((r) => r.id === id);
    return found ? toRecord(found) : null;
  }

  /** false when the store is full (a gallery need not grow without bound). */
  add(input: SampleInput, createBy: string): boolean {
    if (this.rows.length >= MAX_SAMPLES) return false;
    this.rows.unshift({ ...input, id: newId(), createBy, createTime: now() });
    return true;
  }

  edit(id: string, input: SampleInput): boolean {
    const i = this.rows.findIndex((r) => r.id === id);
    if (i < 0) return false;
    this.rows[i] = { ...this.rows[i], ...input, email: input.email, description: input.description };
    return true;
  }

  /** Removes the rows with these ids; answers how many there were. */
  remove(ids: string[]): number {
    const gone = new Set(ids);
    const before = this.rows.length;
    this.rows = this.rows.filter((r) => !gone.has(r.id));
    return before - this.rows.length;
  }
}
