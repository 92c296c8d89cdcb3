// The default 职务 of a school, written by migration 030 into every database (fresh or seeded earlier).
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';

/** Code, name and 职级 (position_rank) of each default position. */
const DEFAULT_POSITIONS: readonly (readonly [string, string, string])[] = [
  ['principal', '校长', '5'],
  ['dean', '教务主任', '4'],
  ['teacher', '任课教师', '3'],
  ['assistant', '助教', '2'],
];

export function defaultPositions() {
  const at = now();
  return DEFAULT_POSITIONS.map(([code, name, rank]) => ({ id: newId(), code, name, post_rank: rank, create_by: 'system', create_time: at }));
}
