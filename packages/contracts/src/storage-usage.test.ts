import { describe, expect, it } from 'vitest';
import { uploadTimeoutFor } from './constants';
import { formatStorage, storageUsage } from './storage-usage';

const MB = 1024 * 1024;

describe('storage usage', () => {
  it.each([
    [0, '0 MB'],
    [10, '0,1 MB'],
    [3.4 * MB, '3,4 MB'],
    [812 * MB, '812 MB'],
    [1536 * MB, '1,5 GB'],
  ])('formats %i bytes as %s', (bytes, text) => {
    expect(formatStorage(bytes)).toBe(text);
  });

  it('reads against the quota, or alone without one', () => {
    expect(storageUsage(250 * MB, 500)).toEqual({ text: '250 MB de 500 MB', percent: 50, full: false });
    expect(storageUsage(600 * MB, 500)).toEqual({ text: '600 MB de 500 MB', percent: 100, full: true });
    expect(storageUsage(3.4 * MB, 0)).toEqual({ text: '3,4 MB', percent: null, full: false });
  });
});

describe('uploadTimeoutFor', () => {
  it('gives 60 s up to what 1 Mbit/s carries in them, then time at that rate', () => {
    expect(uploadTimeoutFor(1 * MB)).toBe(60_000);
    expect(uploadTimeoutFor(7.5 * MB)).toBe(60_000);
    expect(uploadTimeoutFor(25 * MB)).toBe(200_000);
  });
});
