import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Pause, Play } from 'lucide-react';
import { formatDuration } from '@chat/contracts';
import { IconButton } from '@chat/ui';
import {
  currentSpeed,
  flatPeaks,
  keepPosition,
  keepSpeed,
  nextSpeed,
  peaksOf,
  positionOf,
  type Speed,
  speedLabel,
  VOICE_TEXTS,
} from '../lib/voice-note';
import styles from './voice-note.module.css';

const BARS = 40;

interface Props {
  id: string;
  src: string;
  durationMs: number;
  /** Percent sent while it is still uploading. */
  progress?: number;
}

/** Decodes the note once to draw its waveform; a note the browser cannot decode keeps the flat one. */
function usePeaks(src: string, enabled: boolean): number[] {
  const [peaks, setPeaks] = useState(() => flatPeaks(BARS));
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const context = new AudioContext();
    void fetch(src)
      .then((res) => res.arrayBuffer())
      .then((data) => context.decodeAudioData(data))
      .then((audio) => {
        if (!cancelled) setPeaks(peaksOf(audio.getChannelData(0), BARS));
      })
      .catch(() => undefined)
      .finally(() => void context.close());
    return () => {
      cancelled = true;
    };
  }, [src, enabled]);
  return peaks;
}

/**
 * A voice note: play and pause, a waveform that fills as it plays (a click or the arrow keys move
 * in it), the time, and 1x / 1,5x / 2x. Where it was left and the speed stay for the next time.
 */
export function VoiceNote({ id, src, durationMs, progress }: Props) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(() => positionOf(id));
  const [speed, setSpeed] = useState<Speed>(currentSpeed);
  const uploading = progress !== undefined;
  const peaks = usePeaks(src, !uploading);
  const total = durationMs / 1000;
  const played = total > 0 ? Math.min(1, position / total) : 0;

  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = speed;
  }, [speed]);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) return audio.pause();
    if (position > 0 && Math.abs(audio.currentTime - position) > 0.25) audio.currentTime = position;
    audio.playbackRate = speed;
    void audio.play().catch(() => setPlaying(false));
  };

  const seek = (fraction: number) => {
    const seconds = Math.max(0, Math.min(total, fraction * total));
    if (audioRef.current) audioRef.current.currentTime = seconds;
    setPosition(seconds);
    keepPosition(id, seconds);
  };

  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seek((event.clientX - box.left) / box.width);
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 5 : event.key === 'ArrowLeft' ? -5 : 0;
    if (step === 0 || total === 0) return;
    event.preventDefault();
    seek((position + step) / total);
  };

  const changeSpeed = () => {
    const next = nextSpeed(speed);
    setSpeed(next);
    keepSpeed(next);
  };

  return (
    <div className={styles.note} data-playing={playing ? '' : undefined}>
      <audio
        ref={audioRef}
        src={src}
        preload="none"
        data-testid="voice-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => {
          const seconds = event.currentTarget.currentTime;
          setPosition(seconds);
          keepPosition(id, seconds);
        }}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
          keepPosition(id, 0);
        }}
      />
      <IconButton
        aria-label={playing ? VOICE_TEXTS.pause : VOICE_TEXTS.play}
        title={playing ? VOICE_TEXTS.pause : VOICE_TEXTS.play}
        variant="solid"
        disabled={uploading}
        onClick={toggle}
      >
        {playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
      </IconButton>
      <div className={styles.body}>
        <div
          className={styles.wave}
          role="slider"
          tabIndex={uploading ? -1 : 0}
          aria-label={VOICE_TEXTS.position}
          aria-valuemin={0}
          aria-valuemax={Math.round(total)}
          aria-valuenow={Math.round(position)}
          aria-valuetext={`${formatDuration(position * 1000)} de ${formatDuration(durationMs)}`}
          onPointerDown={uploading ? undefined : onPointer}
          onKeyDown={onKey}
        >
          {peaks.map((peak, index) => (
            <span
              key={index}
              className={styles.barLine}
              data-played={(index + 0.5) / peaks.length <= played ? '' : undefined}
              style={{ height: `${Math.round(peak * 100)}%` }}
            />
          ))}
        </div>
        <div className={styles.footer}>
          <span className={styles.time}>
            {uploading ? `${progress}%` : formatDuration((playing || position > 0 ? position : total) * 1000)}
          </span>
          <button type="button" className={styles.speed} onClick={changeSpeed} aria-label={VOICE_TEXTS.speed(speedLabel(speed))}>
            {speedLabel(speed)}
          </button>
        </div>
      </div>
    </div>
  );
}
