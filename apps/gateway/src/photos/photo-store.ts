import { Inject, Injectable } from '@nestjs/common';
import { NATS_CONNECTION, SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { NatsConnection, ObjectStore, StorageType } from 'nats';

/** Profile photos kept durably in a JetStream object store (file storage), one bucket per deployment prefix. */
@Injectable()
export class PhotoStore {
  private store?: Promise<ObjectStore>;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  private bucket(): Promise<ObjectStore> {
    this.store ??= this.nats.jetstream().views.os(`${this.config.natsPrefix.replace(/[^A-Za-z0-9_-]/g, '_')}_photos`, { storage: StorageType.File });
    return this.store;
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await (await this.bucket()).putBlob({ name }, bytes);
  }

  async get(name: string): Promise<Uint8Array | null> {
    return (await this.bucket()).getBlob(name);
  }

  async remove(name: string): Promise<void> {
    await (await this.bucket()).delete(name).catch(() => undefined);
  }
}
