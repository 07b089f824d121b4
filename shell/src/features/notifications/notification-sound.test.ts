import { afterEach, describe, expect, it, vi } from 'vitest';
import { chimeDataUrl, playNotificationSound, SOUND_WARNING } from './notification-sound';

afterEach(() => vi.unstubAllGlobals());

describe('notification sound', () => {
  it('is a small PCM WAV data URL', () => {
    const url = chimeDataUrl();
    expect(url.startsWith('data:audio/wav;base64,')).toBe(true);
    const bytes = Uint8Array.from(atob(url.split(',')[1]!), (c) => c.charCodeAt(0));
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe('RIFF');
    expect(String.fromCharCode(...bytes.slice(8, 12))).toBe('WAVE');
    expect(new DataView(bytes.buffer).getUint32(40, true)).toBe(bytes.length - 44);
    expect(url.length).toBeLessThan(4000);
  });

  it('a refused play() only logs a warning', async () => {
    const refusal = new Error('NotAllowedError');
    const play = vi.fn(() => Promise.reject(refusal));
    vi.stubGlobal(
      'Audio',
      vi.fn(function (this: { play: typeof play; volume: number }) {
        this.play = play;
        this.volume = 1;
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => playNotificationSound()).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(SOUND_WARNING, refusal));
    expect(play).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
