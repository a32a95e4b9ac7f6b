import { BadRequestException, Controller, NotFoundException, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { accountRoutes, Caller, Messages, ParsedParams, pathTo, PHOTO_MAX_BYTES, Rpc, User } from '@fodmap/contracts';
import { randomUUID } from 'node:crypto';
import { Response } from 'express';
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
    await this.photos.put(name, file.buffer);
    const previous = await this.services.send(Rpc.identity.get, { caller }, correlationId);
    const user = this.accounts.remember(await this.services.send(Rpc.identity.setPhoto, { caller, profileImageUrl: PHOTO_PATH + name }, correlationId));
    if (previous.profileImageUrl?.startsWith(PHOTO_PATH)) await this.photos.remove(previous.profileImageUrl.slice(PHOTO_PATH.length));
    return { ...user, message: Messages.photoUpdated };
  }

  @Endpoint(accountRoutes.photo)
  async serve(@RouteParam(accountRoutes.photo, 'name') name: ParsedParams<typeof accountRoutes.photo>['name'], @Res() res: Response): Promise<void> {
    const type = typeOfExtension(name);
    const bytes = PHOTO_NAME.test(name) && type ? await this.photos.get(name) : null;
    if (!bytes || !type) throw new NotFoundException({ message: 'Photo not found' });
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(Buffer.from(bytes));
  }
}
