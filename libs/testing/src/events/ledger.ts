import { eventDefinition } from '@fodmap/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';
import {
  createEventStoreTables,
  createProjectionTables,
  dropEventStoreTables,
  dropProjectionTables,
  defineProjection,
  eventStoreEntities,
  projectionEntities,
  projectionTables,
} from '@fodmap/server';

/**
 * A test projection of a test producer ("bank"): balances per account, plus how many times each event was
 * applied, which is what "applied once" is measured by.
 */
export const LEDGER_SOURCE = 'bank';

const depositedV1 = z.object({ account: z.string(), amount: z.number() });
export type DepositedV1 = z.infer<typeof depositedV1>;

/**
 * The bank's events: `Poisoned` is a valid event whose handler always fails, `Unknown` one the ledger has no handler
 * for, `Doubled` one whose result depends on the order it is applied in, and which fails its first `failures` attempts
 * in a process.
 */
export const ledgerEvents = {
  Deposited: eventDefinition({ current: 1, versions: { 1: depositedV1 } }),
  Doubled: eventDefinition({ current: 1, versions: { 1: z.object({ account: z.string(), failures: z.number().int() }) } }),
  Poisoned: eventDefinition({ current: 1, versions: { 1: z.object({ account: z.string() }) } }),
  Unknown: eventDefinition({ current: 1, versions: { 1: z.object({}) } }),
};

/** Attempts at each `Doubled` event in this process, by event id. */
const doublingAttempts = new Map<string, number>();

export const ledgerProjection = defineProjection({
  name: 'ledger',
  tables: ['ledger_balances', 'ledger_applications'],
  events: { [LEDGER_SOURCE]: ledgerEvents },
  handlers: {
    [LEDGER_SOURCE]: {
      Deposited: async ({ manager, tables }, event) => {
        const { account, amount } = event.data;
        await manager.query(
          `INSERT INTO ${tables.ledger_balances} AS b (account, balance, deposits) VALUES ($1, $2, 1)
           ON CONFLICT (account) DO UPDATE SET balance = b.balance + EXCLUDED.balance, deposits = b.deposits + 1`,
          [account, amount],
        );
        await manager.query(
          `INSERT INTO ${tables.ledger_applications} AS a (position, applications) VALUES ($1, 1)
           ON CONFLICT (position) DO UPDATE SET applications = a.applications + 1`,
          [event.position],
        );
      },
      Doubled: async ({ manager, tables }, event) => {
        const attempts = (doublingAttempts.get(event.eventId) ?? 0) + 1;
        doublingAttempts.set(event.eventId, attempts);
        if (attempts <= event.data.failures) throw new Error(`Failing attempt ${attempts} of ${event.data.failures}`);
        await manager.query(`UPDATE ${tables.ledger_balances} SET balance = balance * 2 WHERE account = $1`, [event.data.account]);
        await manager.query(`INSERT INTO ${tables.ledger_applications} (position, applications) VALUES ($1, 1)`, [event.position]);
      },
      Poisoned: async () => {
        throw new Error('This event cannot be applied');
      },
    },
  },
});

/** The ledger's tables in the schema of the suite whose DataSource runs the migration. */
function ledgerTables(queryRunner: QueryRunner): Record<string, string> {
  const { options } = queryRunner.connection;
  if (!('schema' in options) || !options.schema) throw new Error('The ledger lives in a schema of its suite');
  return projectionTables(ledgerProjection, options.schema);
}

export class LedgerSchema1767225600000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    const tables = ledgerTables(queryRunner);
    await createEventStoreTables(queryRunner);
    await createProjectionTables(queryRunner);
    await queryRunner.query(`CREATE TABLE ${tables.ledger_balances} (account text PRIMARY KEY, balance bigint NOT NULL, deposits integer NOT NULL)`);
    await queryRunner.query(`CREATE TABLE ${tables.ledger_applications} (position bigint PRIMARY KEY, applications integer NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const tables = ledgerTables(queryRunner);
    await queryRunner.query(`DROP TABLE ${tables.ledger_applications}, ${tables.ledger_balances}`);
    await dropProjectionTables(queryRunner);
    await dropEventStoreTables(queryRunner);
  }
}

export const ledgerEntities = [...eventStoreEntities, ...projectionEntities];
export const ledgerMigrations = [LedgerSchema1767225600000];
