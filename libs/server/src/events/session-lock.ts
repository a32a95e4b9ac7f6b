import { Client } from 'pg';

/**
 * A session-level PostgreSQL advisory lock on a connection of its own: held while that connection lives,
 * released by PostgreSQL when the process dies. It makes one relay or projection processor active at a time;
 * the others stand by and retry.
 */
export class SessionLock {
  private client: Client | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly key: string,
  ) {}

  get held(): boolean {
    return this.client !== null;
  }

  async tryAcquire(): Promise<boolean> {
    const client = new Client({ connectionString: this.databaseUrl });
    // A lost connection is a lost lock: the owner notices `held` turn false and stands by again.
    client.on('error', () => {
      if (this.client === client) this.client = null;
    });
    client.on('end', () => {
      if (this.client === client) this.client = null;
    });
    await client.connect();
    try {
      const { rows } = await client.query<{ acquired: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS acquired', [this.key]);
      if (!rows[0].acquired) {
        await client.end();
        return false;
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return true;
  }

  /** LISTENs on the lock's own connection: notifications wake the holder early. */
  async listen(channel: string, onNotify: () => void): Promise<void> {
    if (!this.client) throw new Error(`Lock ${this.key} is not held`);
    this.client.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    await this.client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
