import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, mediaPreviewText } from './message-preview';

describe('mediaPreviewText', () => {
  it.each([
    [{ type: 'image' }, 'Imagem'],
    [{ type: 'audio', durationMs: 42_000 }, 'Mensagem de voz (0:42)'],
    [{ type: 'audio', durationMs: 15 * 60_000 }, 'Mensagem de voz (15:00)'],
    [{ type: 'audio' }, 'Mensagem de voz'],
    [{ type: 'file', fileName: 'Relatório.pdf' }, 'Relatório.pdf'],
    [{ type: 'file' }, 'Arquivo'],
    [{ type: 'text' }, null],
    [{ type: 'system' }, null],
  ])('%j -> %j', (content, expected) => {
    expect(mediaPreviewText(content)).toBe(expected);
  });
});

describe('formatDuration and formatFileSize', () => {
  it('reads as the timer and the card show them', () => {
    expect([formatDuration(0), formatDuration(1_499), formatDuration(61_000), formatDuration(605_000)]).toEqual([
      '0:00',
      '0:01',
      '1:01',
      '10:05',
    ]);
    expect([formatFileSize(1), formatFileSize(595), formatFileSize(48_000), formatFileSize(2_516_582), formatFileSize(26_214_400)]).toEqual(
      ['1 byte', '595 bytes', '47 KB', '2,4 MB', '25 MB'],
    );
  });
});
