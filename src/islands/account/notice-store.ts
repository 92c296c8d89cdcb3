// The notices the bell shows, shared by the always-loaded part (socket, badge) and the popover, which is
// loaded on the first click. A tiny observable; the popover reads it with useSyncExternalStore.
import { api } from './api.js';
import type { AnnouncementSummary } from './types.js';

export class NoticeStore {
  private listeners = new Set<() => void>();
  constructor(private summary: AnnouncementSummary | null) {}

  get = (): AnnouncementSummary | null => this.summary;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  set(summary: AnnouncementSummary): void {
    this.summary = summary;
    for (const fn of [...this.listeners]) fn();
  }

  /** Loads listByUser; rejects when it fails (the poll stops on that). */
  async reload(): Promise<AnnouncementSummary> {
    const res = await api<AnnouncementSummary>('GET', '/sys/annountCement/listByUser');
    if (!res.success) throw new Error(res.message);
    this.set(res.result);
    return res.result;
  }
}
