import { Messages, PHOTO_MAX_BYTES, PHOTO_TYPES } from '@fodmap/contracts';

/** Spec §5 Profile photo, checked before the upload so a wrong file never leaves the phone. */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return Messages.photoInvalid;
  if (file.size > PHOTO_MAX_BYTES) return Messages.photoTooLarge;
  return null;
}
