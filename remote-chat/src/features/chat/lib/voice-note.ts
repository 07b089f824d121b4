// A voice note's player state that outlives its bubble: where each note was left, and the speed
// chosen (WhatsApp keeps both).

export const SPEEDS = [1, 1.5, 2] as const;
export type Speed = (typeof SPEEDS)[number];

const positions = new Map<string, number>();
let speed: Speed = 1;

/** Seconds into the note where it was paused (0 when it was never played or was heard to the end). */
export const positionOf = (id: string) => positions.get(id) ?? 0;
export const keepPosition = (id: string, seconds: number) => {
  if (seconds > 0) positions.set(id, seconds);
  else positions.delete(id);
};

export const currentSpeed = () => speed;
export const nextSpeed = (current: Speed): Speed => SPEEDS[(SPEEDS.indexOf(current) + 1) % SPEEDS.length]!;
export const keepSpeed = (value: Speed) => {
  speed = value;
};
export const speedLabel = (value: Speed) => `${String(value).replace('.', ',')}x`;

/** Bars of a waveform: `count` peaks (0-1) of the decoded samples. */
export function peaksOf(samples: Float32Array, count: number): number[] {
  const step = Math.max(1, Math.floor(samples.length / count));
  const peaks: number[] = [];
  for (let i = 0; i < count; i += 1) {
    let max = 0;
    for (let j = i * step; j < Math.min(samples.length, (i + 1) * step); j += 1) max = Math.max(max, Math.abs(samples[j]!));
    peaks.push(max);
  }
  const top = Math.max(...peaks, 0.01);
  return peaks.map((p) => Math.max(0.08, p / top));
}

/** Until the sound is decoded, an even line of low bars. */
export const flatPeaks = (count: number) => Array.from({ length: count }, () => 0.15);

export const VOICE_TEXTS = {
  play: 'Reproduzir mensagem de voz',
  pause: 'Pausar mensagem de voz',
  speed: (value: string) => `Velocidade ${value}`,
  position: 'Posição na mensagem de voz',
} as const;
