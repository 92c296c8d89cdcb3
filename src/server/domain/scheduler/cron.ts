// Cron expressions of 定时任务: checked and evaluated with croner, in server local time (the time the rest of
// the application stores and shows).
//
// Accepted forms: 6 fields `秒 分 时 日 月 周` (the anchor's Quartz shape, e.g. `0 0 3 * * ?`), 5 fields without
// seconds, and Quartz's 7th (year) field only as `*` or `?`. `?` (Quartz's 不指定) is accepted in the day and
// week fields and means every value — croner would otherwise read it as "the value of today". Weekdays are
// 0–7 (0 and 7 Sunday) or SUN–SAT, as croner counts them; Quartz's 1 = Sunday numbering is not emulated.
import { Cron } from 'croner';

/** Runs of one job must be at least this far apart (maintenance jobs; a history row per run). */
const MIN_INTERVAL_MS = 60_000;

export type CronCheck = { ok: true; pattern: string } | { ok: false; message: string };

const FIELD_NAMES: Record<string, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  dayOfWeek: '周',
  weekday: '周',
};

/** The croner pattern of an expression, or the reason (in Chinese) it is refused. */
export function parseCron(expression: string): CronCheck {
  const parts = String(expression ?? '').trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { ok: false, message: '请输入Cron表达式' };
  if (parts.length === 7) {
    const year = parts.pop()!;
    if (year !== '*' && year !== '?') return { ok: false, message: 'Cron表达式不支持指定年份，第7段只能是 * 或 ?' };
  }
  if (parts.length !== 5 && parts.length !== 6) {
    return { ok: false, message: 'Cron表达式应为6段（秒 分 时 日 月 周），或5段（分 时 日 月 周）' };
  }
  const dayIndex = parts.length - 3;
  const weekIndex = parts.length - 1;
  for (let i = 0; i < parts.length; i++) {
    if (!parts[i].includes('?')) continue;
    if (parts[i] !== '?' || (i !== dayIndex && i !== weekIndex)) return { ok: false, message: '“?”只能单独用于日或周字段' };
    parts[i] = '*';
  }
  const pattern = parts.join(' ');
  let job: Cron;
  try {
    job = new Cron(pattern, { paused: true });
  } catch (err) {
    const text = err instanceof Error ? err.message : '';
    const field = /Invalid value for (\w+)/.exec(text)?.[1];
    if (field && FIELD_NAMES[field]) return { ok: false, message: `Cron表达式的“${FIELD_NAMES[field]}”字段取值超出范围` };
    if (/illegal characters/.test(text)) return { ok: false, message: 'Cron表达式含有无法识别的字符' };
    return { ok: false, message: 'Cron表达式格式不正确' };
  }
  const runs = job.nextRuns(6);
  job.stop();
  if (!runs.length) return { ok: false, message: '该Cron表达式没有下一次运行时间' };
  for (let i = 1; i < runs.length; i++) {
    if (runs[i].getTime() - runs[i - 1].getTime() < MIN_INTERVAL_MS) return { ok: false, message: '运行间隔不能小于1分钟' };
  }
  return { ok: true, pattern };
}

/** The next `count` run times strictly after `from`; none for an expression that does not parse. */
export function nextRuns(expression: string, from: Date, count = 1): Date[] {
  const parsed = parseCron(expression);
  if (!parsed.ok) return [];
  const job = new Cron(parsed.pattern, { paused: true });
  try {
    return job.nextRuns(count, from);
  } finally {
    job.stop();
  }
}

export const nextRun = (expression: string, from: Date): Date | null => nextRuns(expression, from, 1)[0] ?? null;
