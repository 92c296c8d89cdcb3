// Small value rules of the import: ids for rows teaching-open kept as comma lists, phones, file types.
import { createHash } from 'node:crypto';

/** A stable 32-hex id for a row derived from others (a class of a comma list): the same on every run. */
export const derivedId = (...parts: string[]): string => createHash('md5').update(parts.join('\u0000')).digest('hex');

/** The ids of a comma list, trimmed, without blanks or repeats. */
export const commaList = (v: unknown): string[] => [...new Set(String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

/**
 * A mainland mobile number as Xuetang stores it (11 digits, 1…): spaces, dashes and a +86 / 0086 / 86 prefix are
 * taken off. Anything else is kept as it was typed (a landline, a foreign number): it is the school's data.
 */
export function normalisePhone(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  const typed = String(raw).trim();
  if (!typed) return null;
  const digits = typed.replace(/[\s\-().]/g, '').replace(/^(?:\+86|0086|86)(?=1\d{10}$)/, '');
  return /^1\d{10}$/.test(digits) ? digits : typed;
}

const MIME: Record<string, string> = {
  sb3: 'application/x.scratch.sb3',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  py: 'text/x-python',
  json: 'application/json',
};

/** The content type of a stored file by its extension (null when unknown). */
export const mimeOf = (key: string): string | null => MIME[/\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? ''] ?? null;
