import { useRef, useState, type PointerEvent } from 'react';
import { Lock, Mic, SendHorizontal, Trash2 } from 'lucide-react';
import { formatDuration } from '@chat/contracts';
import { IconButton } from '@chat/ui';
import type { VoiceRecorder } from '../hooks/use-voice-recorder';
import { VOICE_RECORDER_TEXTS as T } from '../lib/voice-texts';
import styles from './voice-controls.module.css';

/** How far a held finger moves to lock (up) or cancel (left) the recording, in CSS pixels. */
const LOCK_AT_PX = 60;
const CANCEL_AT_PX = 90;

interface Props {
  recorder: VoiceRecorder;
}

/**
 * The microphone where the send button is when the box is empty, and the recording's bar in
 * place of the (hidden) message field. With a mouse: a click starts,
 * 'Enviar' sends, the bin cancels. On a touch screen: hold to record and lift to send; slide left
 * to cancel, up to lock (then 'Enviar' and the bin, as with a mouse). The button stays the same
 * element from press to release, so the finger's pointer stays captured by it.
 */
export function VoiceControls({ recorder }: Props) {
  const held = useRef<{ x: number; y: number } | null>(null);
  // The same as `held`, for rendering.
  const [touching, setTouching] = useState(false);
  const touchStarted = useRef(false);
  const { recording, locked } = recorder;
  const holding = recording && !locked && touching;
  const release = () => {
    held.current = null;
    setTouching(false);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType === 'mouse' || recording) return;
    touchStarted.current = true;
    held.current = { x: event.clientX, y: event.clientY };
    setTouching(true);
    event.currentTarget.setPointerCapture(event.pointerId);
    void recorder.start().then(() => {
      // Lifted before the microphone answered: too short to be a note.
      if (!held.current) recorder.stop(true);
    });
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = held.current;
    if (!start || !recording || locked) return;
    if (start.x - event.clientX > CANCEL_AT_PX) {
      release();
      recorder.stop(true);
    } else if (start.y - event.clientY > LOCK_AT_PX) {
      release();
      recorder.lock();
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType === 'mouse' || !held.current) return;
    release();
    if (recording && !locked) recorder.stop();
  };

  const onClick = () => {
    // A touch's own click after the press: the press did it.
    if (touchStarted.current) {
      touchStarted.current = false;
      if (!locked) return;
    }
    if (!recording) void recorder.start();
    else recorder.stop();
  };

  const sending = recording && (locked || !touching);
  return (
    <>
      {recording ? (
        <div className={styles.bar} role="status" aria-label={T.recording}>
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.timer} data-testid="voice-timer">
            {formatDuration(recorder.elapsedMs)}
          </span>
          {holding ? (
            <>
              <span className={styles.hint}>‹ {T.slideToCancel}</span>
              <span className={styles.lockHint} title={T.lockHint} aria-label={T.lockHint}>
                <Lock size={16} aria-hidden="true" />
              </span>
            </>
          ) : (
            <>
              {locked && (
                <span className={styles.locked} aria-label={T.locked} title={T.locked}>
                  <Lock size={16} aria-hidden="true" />
                </span>
              )}
              <IconButton aria-label={T.cancel} title={T.cancel} className={styles.cancel} onClick={() => recorder.stop(true)}>
                <Trash2 size={20} aria-hidden="true" />
              </IconButton>
            </>
          )}
        </div>
      ) : null}
      <IconButton
        aria-label={sending ? T.send : T.record}
        title={sending ? T.send : T.record}
        variant={recording ? 'solid' : undefined}
        className={styles.mic}
        data-holding={holding ? '' : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClick={onClick}
        onContextMenu={(event) => event.preventDefault()}
      >
        {sending ? <SendHorizontal size={20} /> : <Mic size={20} />}
      </IconButton>
    </>
  );
}
