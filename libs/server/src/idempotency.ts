import { Messages } from '@fodmap/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { qualifiedTable, schemaOf } from './events/sql';
import { rpcFailure } from './rpc';

const TABLE = 'idempotency_keys';

/** Creates the table of used keys in the migrating service's schema; call it from a migration of the service. */
export async function createIdempotencyKeysTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE ${qualifiedTable(schemaOf(queryRunner.connection), TABLE)} (
      user_id integer NOT NULL,
      key text NOT NULL,
      resource_id bigint NOT NULL,
      fingerprint text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )`);
}

export async function dropIdempotencyKeysTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`DROP TABLE ${qualifiedTable(schemaOf(queryRunner.connection), TABLE)}`);
}

/** Writes the key beside the resource it created: call it inside the transaction that creates the resource. */
export type RecordIdempotencyKey = (manager: EntityManager, resourceId: number) => Promise<void>;

export interface IdempotentCreate {
  userId: number;
  /** The client's Idempotency-Key; without one, every request creates. */
  key: string | undefined;
  /** The validated input: zod gives its keys in schema order, so equal inputs serialise alike. */
  input: unknown;
}

/** Thrown inside the create's transaction to roll it back when another request committed the key first. */
class KeyTakenError extends Error {}

/**
 * Makes a create idempotent per (user, key), so a retry after a timeout never creates twice, whatever the gateway
 * still remembers. The key is stored in the create's own transaction: either both commit or neither.
 */
@Injectable()
export class IdempotencyKeys {
  private readonly table: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.table = qualifiedTable(schemaOf(dataSource), TABLE);
  }

  /**
   * Runs `create` unless this user's key was used before, and returns the id of the resource made now or then.
   * The key used with another input is a 422. Of two concurrent requests with one key, the second waits on the first's
   * row in the primary key, finds it taken, rolls its own transaction back (events included) and answers the first one's.
   */
  async createOnce(request: IdempotentCreate, create: (record: RecordIdempotencyKey) => Promise<number>): Promise<number> {
    const { userId, key } = request;
    if (key === undefined) return create(async () => undefined);
    const fingerprint = createHash('sha256').update(JSON.stringify(request.input)).digest('base64url');
    const earlier = await this.find(userId, key, fingerprint);
    if (earlier !== null) return earlier;
    try {
      return await create(async (manager, resourceId) => {
        const inserted: unknown[] = await manager.query(
          `INSERT INTO ${this.table} (user_id, key, resource_id, fingerprint) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key`,
          [userId, key, resourceId, fingerprint],
        );
        if (inserted.length === 0) throw new KeyTakenError(`Idempotency-Key ${key} of user ${userId} was used by a concurrent request`);
      });
    } catch (error) {
      if (!(error instanceof KeyTakenError)) throw error;
      const winner = await this.find(userId, key, fingerprint);
      if (winner === null) throw error;
      return winner;
    }
  }

  private async find(userId: number, key: string, fingerprint: string): Promise<number | null> {
    const [row]: Array<{ resource_id: string; fingerprint: string }> = await this.dataSource.query(
      `SELECT resource_id, fingerprint FROM ${this.table} WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    if (row === undefined) return null;
    if (row.fingerprint !== fingerprint) throw rpcFailure(422, Messages.idempotencyKeyReused);
    return Number(row.resource_id);
  }
}
