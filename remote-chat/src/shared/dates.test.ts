import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, lastSeenText, listTime, timeOfDay } from './dates';

// Local times (no Z): the app formats in the browser's time zone.
const now = new Date(2024, 2, 10, 15, 30);
const local = (d: number, h: number, m: number, month = 2) => new Date(2024, month, d, h, m).toISOString();

describe('day labels of the message list', () => {
  it("says 'Hoje', 'Ontem', else dd/MM/yyyy", () => {
    expect(dayLabel(local(10, 0, 1), now)).toBe('Hoje');
    expect(dayLabel(local(10, 23, 59), now)).toBe('Hoje');
    expect(dayLabel(local(9, 23, 59), now)).toBe('Ontem');
    expect(dayLabel(local(9, 0, 0), now)).toBe('Ontem');
    expect(dayLabel(local(8, 23, 59), now)).toBe('08/03/2024');
    expect(dayLabel(local(1, 12, 0, 0), now)).toBe('01/01/2024');
  });

  it('knows yesterday across a month boundary', () => {
    expect(dayLabel(new Date(2024, 1, 29, 20, 0), new Date(2024, 2, 1, 8, 0))).toBe('Ontem');
  });

  it('shows each message time as HH:mm', () => {
    expect(timeOfDay(local(10, 9, 5))).toBe('09:05');
    expect(timeOfDay(local(10, 21, 45))).toBe('21:45');
  });
});

describe('chat-list time', () => {
  it('is HH:mm when the last message was updated today or yesterday', () => {
    expect(listTime({ createdAt: local(10, 8, 7) }, local(1, 0, 0), now)).toBe('08:07');
    expect(listTime({ createdAt: local(9, 22, 15) }, local(1, 0, 0), now)).toBe('22:15');
  });

  it('follows the arrival, not a later edit or receipt', () => {
    expect(listTime({ createdAt: local(8, 22, 15), updatedAt: local(10, 9, 0) } as { createdAt: string }, local(1, 0, 0), now)).toBe(
      '08/03/2024',
    );
  });

  it('is dd/MM/yyyy when older', () => {
    expect(listTime({ createdAt: local(8, 22, 15) }, local(1, 0, 0), now)).toBe('08/03/2024');
  });

  it('reads the creation the same way when there is no message: a time today, a date before yesterday', () => {
    expect(listTime(null, local(10, 9, 0), now)).toBe('09:00');
    expect(listTime(null, local(2, 9, 0), now)).toBe('02/03/2024');
  });
});

// The formats are written by hand (no date-fns on the list's first path).
describe('last seen', () => {
  const now = new Date(2024, 2, 10, 12, 0, 0);
  it('reads today and yesterday with the time, older days with the date', () => {
    expect(lastSeenText(new Date(2024, 2, 10, 8, 7).toISOString(), now)).toBe('visto por último hoje às 08:07');
    expect(lastSeenText(new Date(2024, 2, 9, 23, 59).toISOString(), now)).toBe('visto por último ontem às 23:59');
    expect(lastSeenText(new Date(2024, 2, 1, 9, 0).toISOString(), now)).toBe('visto por último em 01/03/2024');
  });
});

describe('dayKey and bad input', () => {
  it('keys a day as yyyy-MM-dd in local time', () => {
    expect(dayKey(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(dayKey(new Date(2024, 11, 31, 0, 0))).toBe('2024-12-31');
  });

  it('throws on a date that cannot be read, instead of showing NaN', () => {
    expect(() => listTime(null, 'não é data')).toThrow(RangeError);
    expect(() => timeOfDay('não é data')).toThrow(RangeError);
  });
});
