// Shapes every part of the contract shares: the envelope and the page of a list.

export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** A save's answer: the fields that failed, when the API tells them, beside what the save returns (`R`, if any). */
export type Saved<R = unknown> = (R & { errors?: Record<string, string> }) | null;
