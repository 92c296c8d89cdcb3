import { randomBytes } from 'node:crypto';

/** 32-character random hex id (128 bits), the id format of every row. */
export const newId = (): string => randomBytes(16).toString('hex');
