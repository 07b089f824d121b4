import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@chat/contracts';
import { toast } from '@chat/ui';
import { MIN_VOICE_NOTE_MS, RECORDING_TYPES, VOICE_RECORDER_TEXTS } from '../lib/voice-texts';

export interface VoiceRecorder {
  recording: boolean;
  /** Held on for a long note: a touch lifted no longer sends it. */
  locked: boolean;
  elapsedMs: number;
  start: () => Promise<void>;
  lock: () => void;
  /** Stops; sends unless `cancel`. */
  stop: (cancel?: boolean) => void;
}

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
  timer: ReturnType<typeof setInterval>;
}

/**
 * Records a voice note with MediaRecorder (Opus in WebM or Ogg): start, lock, stop to send or
 * cancel. It stops and sends on its own at the longest length a voice note may have.
 */
export function useVoiceRecorder(onDone: (recording: Blob, durationMs: number) => void): VoiceRecorder {
  const [recording, setRecording] = useState(false);
  const [locked, setLocked] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const session = useRef<Session | null>(null);
  const starting = useRef(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  const stop = useCallback((cancel = false) => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    clearInterval(current.timer);
    const durationMs = Math.min(LIMITS.voiceNoteMaxMs, performance.now() - current.startedAt);
    current.recorder.onstop = () => {
      current.stream.getTracks().forEach((track) => track.stop());
      if (cancel) return;
      if (durationMs < MIN_VOICE_NOTE_MS) {
        toast({ type: 'alert', title: VOICE_RECORDER_TEXTS.tooShort });
        return;
      }
      done.current(new Blob(current.chunks, { type: current.recorder.mimeType || 'audio/webm' }), durationMs);
    };
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    else current.recorder.onstop(new Event('stop'));
    setRecording(false);
    setLocked(false);
    setElapsedMs(0);
  }, []);

  const start = useCallback(async () => {
    if (session.current || starting.current) return;
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      toast({ type: 'error', title: VOICE_RECORDER_TEXTS.micUnsupported });
      return;
    }
    starting.current = true;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      const startedAt = performance.now();
      const timer = setInterval(() => {
        const elapsed = performance.now() - startedAt;
        setElapsedMs(elapsed);
        if (elapsed >= LIMITS.voiceNoteMaxMs) stop();
      }, 200);
      session.current = { recorder, stream, chunks, startedAt, timer };
      recorder.start(250);
      setRecording(true);
      setElapsedMs(0);
    } catch {
      toast({ type: 'error', title: VOICE_RECORDER_TEXTS.micUnavailable });
    } finally {
      starting.current = false;
    }
  }, [stop]);

  const lock = useCallback(() => setLocked(true), []);

  // Leaving the chat mid-recording sends nothing and lets go of the microphone.
  useEffect(() => () => stop(true), [stop]);

  return { recording, locked, elapsedMs, start, lock, stop };
}
