import { BadRequestException, Controller, NotFoundException, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { accountRoutes, Caller, Messages, ParsedParams, pathTo, PHOTO_MAX_BYTES, PhotoType, Rpc, User } from '@fodmap/contracts';
import { randomUUID } from 'node:crypto';
import { Response } from 'express';
import sharp from 'sharp';
import { AccountCache } from '../auth/account-cache';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint, RouteParam } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';
import { EXTENSION_OF, sniffImageType, typeOfExtension } from './image-type';
import { PhotoStore } from './photo-store';

/** Where a stored photo is served: its name follows. */
const PHOTO_PATH = pathTo(accountRoutes.photo, { name: '' });
/** The form holds one photo and nothing else worth keeping: anything beyond a few small fields is refused while streaming. */
const UPLOAD_LIMITS = { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 5, headerPairs: 20 };
/** Beyond this many pixels a file is refused before it is decoded (a small file can claim a huge image). */
const MAX_INPUT_PIXELS = 50_000_000;
/** A profile photo is shown at most a few hundred pixels wide: larger ones are scaled down to fit this square. */
const MAX_SIDE = 1024;
/** A photo is stored in the format it came in, encoded afresh. */
const FORMAT_OF: Record<PhotoType, keyof sharp.FormatEnum> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };
/** A random name: the URL says nothing about whose photo it is. Names of the older `<userId>-<uuid>` form still resolve. */
const PHOTO_NAME = /^(?:[0-9]+-)?[0-9a-f-]{36}\.[a-z]+$/;

@Controller()
export class PhotosController {
  constructor(
    private readonly services: ServiceClient,
    private readonly photos: PhotoStore,
    private readonly accounts: AccountCache,
  ) {}

  @Endpoint(accountRoutes.uploadPhoto)
  @UseInterceptors(FileInterceptor(accountRoutes.uploadPhoto.upload, { limits: UPLOAD_LIMITS }))
  async upload(
    @CurrentCaller() caller: Caller,
    @UploadedFile() file: Express.Multer.File | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<User & { message: string }> {
    if (!file) throw new BadRequestException({ message: Messages.photoMissing });
    const type = sniffImageType(file.buffer);
    if (!type) throw new BadRequestException({ message: Messages.photoInvalid });
    const name = `${randomUUID()}.${EXTENSION_OF[type]}`;
    await this.photos.put(name, await reencode(file.buffer, type));
    const previous = await this.services.send(Rpc.identity.get, { caller }, correlationId);
    const user = this.accounts.remember(await this.services.send(Rpc.identity.setPhoto, { caller, profileImageUrl: PHOTO_PATH + name }, correlationId));
    if (previous.profileImageUrl?.startsWith(PHOTO_PATH)) await this.photos.remove(previous.profileImageUrl.slice(PHOTO_PATH.length));
    return { ...user, message: Messages.photoUpdated };
  }

  /** Only to its owner: anyone else, signed in or not, is told it does not exist. */
  @Endpoint(accountRoutes.photo)
  async serve(
    @CurrentCaller() caller: Caller,
    @RouteParam(accountRoutes.photo, 'name') name: ParsedParams<typeof accountRoutes.photo>['name'],
    @CorrelationId() correlationId: string,
    @Res() res: Response,
  ): Promise<void> {
    const type = typeOfExtension(name);
    const owner = PHOTO_NAME.test(name) && type ? await this.services.send(Rpc.identity.get, { caller }, correlationId) : null;
    const bytes = owner?.profileImageUrl === PHOTO_PATH + name ? await this.photos.get(name) : null;
    if (!bytes || !type) throw new NotFoundException({ message: 'Photo not found' });
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(Buffer.from(bytes));
  }
}

/**
 * Decodes and encodes the photo again in its own format: what is stored holds pixels only, never the camera's metadata
 * (EXIF, GPS position, XMP, comments), which sharp leaves out unless asked to keep it. The EXIF orientation is applied
 * first, so the photo still stands the right way up. A file that does not decode, or claims too many pixels, is a 400.
 */
async function reencode(bytes: Buffer, type: PhotoType): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(FORMAT_OF[type])
      .toBuffer();
  } catch {
    throw new BadRequestException({ message: Messages.photoInvalid });
  }
}
