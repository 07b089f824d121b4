// The Portuguese texts of recording a voice note, each in one place.
export const VOICE_RECORDER_TEXTS = {
  record: 'Gravar mensagem de voz',
  holdToRecord: 'Segure para gravar',
  send: 'Enviar mensagem de voz',
  cancel: 'Cancelar gravação',
  slideToCancel: 'Deslize para cancelar',
  locked: 'Gravação travada',
  lockHint: 'Deslize para cima para travar',
  recording: 'Gravando',
  micUnavailable: 'Não foi possível usar o microfone',
  micUnsupported: 'Este navegador não grava áudio',
  tooShort: 'Segure para gravar uma mensagem de voz',
} as const;

/** Opus, in the container this browser records it in (Chromium and Firefox: WebM; Safari: neither, MP4 not taken). */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg'] as const;

/** A note shorter than this is a slip of the finger, not a message. */
export const MIN_VOICE_NOTE_MS = 700;
