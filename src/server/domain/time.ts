// Times are stored and sent as 'YYYY-MM-DD HH:mm:ss' in server local time (the anchor's format).
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(d: Date = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const now = (): string => formatDateTime(new Date());

export const today = (): string => now().slice(0, 10);

/** 'YYYY-MM-DD' of the day `days` before today. */
export function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return formatDateTime(d).slice(0, 10);
}
