import { PhotoType } from '@fodmap/contracts';

/** The image type a file really is, read from its first bytes; a name or a browser's claim proves nothing. */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'image/webp';
  return null;
}

export const EXTENSION_OF: Record<PhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export function typeOfExtension(name: string): PhotoType | null {
  const extension = name.split('.').pop();
  const found = Object.entries(EXTENSION_OF).find(([, ext]) => ext === extension);
  return found ? (found[0] as PhotoType) : null;
}
