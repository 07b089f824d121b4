// A short two-tone chime made at runtime as a WAV data URL: no asset to fetch, a few kB of
// base64, created only when the first notification sounds.

export const SOUND_WARNING = 'Não foi possível tocar o som da notificação.';

const RATE = 8000;

function chimeWav(): Uint8Array {
  const tones = [
    { hz: 880, seconds: 0.09 },
    { hz: 1320, seconds: 0.14 },
  ];
  const samples: number[] = [];
  for (const { hz, seconds } of tones) {
    const count = Math.round(RATE * seconds);
    for (let i = 0; i < count; i += 1) {
      // Quick attack, linear release: no click at either end.
      const envelope = Math.min(1, i / 80) * (1 - i / count);
      samples.push(Math.round(128 + 90 * envelope * Math.sin((2 * Math.PI * hz * i) / RATE)));
    }
  }
  const bytes = new Uint8Array(44 + samples.length);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE, true); // bytes per second (8-bit mono)
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples.length, true);
  bytes.set(samples, 44);
  return bytes;
}

let url: string | null = null;

export function chimeDataUrl(): string {
  if (!url) {
    let binary = '';
    for (const byte of chimeWav()) binary += String.fromCharCode(byte);
    url = `data:audio/wav;base64,${btoa(binary)}`;
  }
  return url;
}

/**
 * Plays the chime; a browser that refuses (autoplay policy, no audio device) only logs a warning.
 */
export function playNotificationSound(): void {
  try {
    const audio = new Audio(chimeDataUrl());
    audio.volume = 0.6;
    void audio.play()?.catch((error: unknown) => console.warn(SOUND_WARNING, error));
  } catch (error) {
    console.warn(SOUND_WARNING, error);
  }
}
