import { sniffImageFormat } from './image-format';

describe('sniffImageFormat', () => {
  it('recognises JPEG, PNG and WEBP by their first bytes', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageFormat(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe(
      'webp',
    );
  });

  it('refuses anything else, whatever the file was called', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0"?><svg/>',
      'GIF89a',
      '#!/bin/sh',
      '%PDF-1.7',
      'RIFF\0\0\0\0WAVE',
      '',
    ]) {
      expect(sniffImageFormat(Buffer.from(text))).toBeNull();
    }
  });
});
