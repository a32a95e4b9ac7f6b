import { describe, expect, it } from '@jest/globals';
import { sniffImageType } from './image-type';

describe('sniffImageType', () => {
  it('recognises a PNG by its signature', () => {
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
  });
  it('recognises a JPEG by its signature', () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
  });
  it('recognises a WebP inside its RIFF container', () => {
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });
  it('rejects a text file even when it is named like an image', () => {
    expect(sniffImageType(new TextEncoder().encode('hello, this is not a picture'))).toBeNull();
  });
});
