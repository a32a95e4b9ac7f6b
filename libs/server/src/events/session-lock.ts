import { Client } from 'pg';

/**
 * A session-level PostgreSQL advisory lock on a connection of its own: held while that connection lives,
 * released by PostgreSQL when the process dies. It makes one relay or projection processor active at a time.
 * A standby waits inside PostgreSQL (pg_advisory_lock) on one connection, so it neither polls nor reconnects;
 * release() cancels that wait.
 */
export class SessionLock {
  private client: Client | null = null;
  /** The backend waiting for the lock, so release() can cancel its wait. */
  private waitingPid: number | null = null;
  /** Bumped by release(): a wait begun before it gives up. */
  private generation = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly key: string,
  ) {}

  get held(): boolean {
    return this.client !== null;
  }

  /** Waits until the lock is granted (true) or release() cancels the wait (false). */
  async acquire(): Promise<boolean> {
    const generation = this.generation;
    const client = new Client({ connectionString: this.databaseUrl, application_name: `fodmap-lock ${this.key}`.slice(0, 63) });
    // A lost connection is a lost lock: the owner notices `held` turn false and waits again.
    const lost = () => {
      if (this.client === client) this.client = null;
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (generation !== this.generation) throw new LockWaitCancelled();
      this.waitingPid = rows[0].pid;
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [this.key]);
      if (generation !== this.generation) throw new LockWaitCancelled();
    } catch (error) {
      await client.end().catch(() => undefined);
      if (generation !== this.generation) return false;
      throw error;
    } finally {
      this.waitingPid = null;
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

  /** Cancels a wait for the lock, if one is under way: the waiting acquire() then answers false. */
  async cancelWait(): Promise<void> {
    this.generation += 1;
    if (this.waitingPid !== null) await cancelBackend(this.databaseUrl, this.waitingPid);
  }

  /** Releases the lock and cancels any wait for it. */
  async release(): Promise<void> {
    await this.cancelWait();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

class LockWaitCancelled extends Error {}

/** Cancels the statement a backend is waiting in; a cancel cannot travel on the busy connection itself. */
async function cancelBackend(databaseUrl: string, pid: number): Promise<void> {
  const canceller = new Client({ connectionString: databaseUrl });
  try {
    await canceller.connect();
    await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
  } finally {
    await canceller.end().catch(() => undefined);
  }
}
