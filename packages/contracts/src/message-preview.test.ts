import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, mediaPreviewText, previewLine } from './message-preview';

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

describe('previewLine', () => {
  const names = new Map([['0b8f6c1e-3f7a-4c2d-9e1b-5a6d7c8e9f01', 'Ana']]);
  it('writes mentions as names, media as the chat list does', () => {
    expect(previewLine({ type: 'text', body: 'oi <@0B8F6C1E-3F7A-4C2D-9E1B-5A6D7C8E9F01> e <@todos>' }, names)).toBe('oi @Ana e @todos');
    expect(previewLine({ type: 'image', body: 'https://x/a.png', caption: 'planta' }, names)).toBe('Imagem: planta');
    expect(previewLine({ type: 'image', body: 'https://x/a.png', caption: null }, names)).toBe('Imagem');
    expect(previewLine({ type: 'audio', body: 'https://x/a.webm', durationMs: 42_000 }, names)).toBe('Mensagem de voz (0:42)');
    expect(previewLine({ type: 'file', body: 'https://x/f', fileName: 'contrato.pdf' }, names)).toBe('contrato.pdf');
  });
});
