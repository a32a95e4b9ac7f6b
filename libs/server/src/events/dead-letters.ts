import { DataSource } from 'typeorm';
import { StoredEvent } from './event';
import { applyEvent, Projection, projectionContext, projectionTables } from './projection';
import { lockCheckpoint } from './projection-consumer';
import { errorMessage, qualifiedTable, schemaOf } from './sql';

export interface DeadLetterRow {
  id: number;
  projection: string;
  source: string;
  position: number | null;
  type: string | null;
  attempts: number;
  failedAt: string;
  error: string;
}

export interface ReplayOutcome {
  id: number;
  replayed: boolean;
  error?: string;
}

/**
 * Dead letters of a service's consumer projections: listed, and replayed once the cause is fixed.
 * A replay applies the event to the live tables with the current handlers, in one transaction that also deletes the
 * letter; it holds the projection's checkpoint row meanwhile, so the live processor waits rather than interleaves.
 * The checkpoint itself stays where it is, past the event: a replayed event is applied after later ones, so its
 * handler must not depend on order within its source (see the README).
 */
export class DeadLetters {
  private readonly table: string;
  private readonly checkpointTable: string;
  private readonly schema: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projection[],
  ) {
    this.schema = schemaOf(dataSource);
    this.table = qualifiedTable(this.schema, 'dead_letters');
    this.checkpointTable = qualifiedTable(this.schema, 'projection_checkpoints');
  }

  async list(): Promise<DeadLetterRow[]> {
    const rows: Array<Omit<DeadLetterRow, 'position' | 'failedAt' | 'id'> & { id: string; position: string | null; failed_at: Date }> = await this.dataSource.query(
      `SELECT id, projection, source, position, type, attempts, failed_at, error FROM ${this.table} ORDER BY id`,
    );
    return rows.map(({ failed_at, ...row }) => ({ ...row, id: Number(row.id), position: row.position === null ? null : Number(row.position), failedAt: failed_at.toISOString() }));
  }

  /** Applies a dead letter's event again; on success the letter is deleted, on failure its error and attempts are updated. */
  async replay(id: number): Promise<ReplayOutcome> {
    try {
      const found = await this.dataSource.transaction(async (manager) => {
        const [letter]: Array<{ projection: string; source: string; body: string }> = await manager.query(
          `SELECT projection, source, body FROM ${this.table} WHERE id = $1 FOR UPDATE`,
          [id],
        );
        if (!letter) return false;
        const projection = this.projections.find((candidate) => candidate.name === letter.projection);
        if (!projection) throw new Error(`No projection ${letter.projection} in this service`);
        await lockCheckpoint(manager, this.checkpointTable, projection.name, letter.source);
        const event = JSON.parse(letter.body) as StoredEvent;
        await applyEvent(projection, letter.source, projectionContext(projection, manager, projectionTables(projection, this.schema)), event);
        await manager.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
        return true;
      });
      return found ? { id, replayed: true } : { id, replayed: false, error: `No dead letter ${id}` };
    } catch (error) {
      await this.dataSource.query(`UPDATE ${this.table} SET error = $2, attempts = attempts + 1, failed_at = now() WHERE id = $1`, [id, errorMessage(error)]);
      return { id, replayed: false, error: errorMessage(error) };
    }
  }

  async replayAll(): Promise<ReplayOutcome[]> {
    const outcomes: ReplayOutcome[] = [];
    for (const letter of await this.list()) outcomes.push(await this.replay(letter.id));
    return outcomes;
  }
}
