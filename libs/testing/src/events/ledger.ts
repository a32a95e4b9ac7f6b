import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  createEventStoreTables,
  createProjectionTables,
  dropEventStoreTables,
  dropProjectionTables,
  eventStoreEntities,
  ProjectionDefinition,
  projectionEntities,
  projectionTables,
} from '@fodmap/server';

/**
 * A test projection of a test producer ("bank"): balances per account, plus how many times each event was
 * applied, which is what "applied once" is measured by.
 */
export const LEDGER_SOURCE = 'bank';

export interface DepositedV1 {
  account: string;
  amount: number;
}

export const ledgerProjection: ProjectionDefinition = {
  name: 'ledger',
  tables: ['ledger_balances', 'ledger_applications'],
  handlers: {
    [LEDGER_SOURCE]: {
      Deposited: async ({ manager, tables }, event) => {
        const { account, amount } = event.data as DepositedV1;
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
      Poisoned: async () => {
        throw new Error('This event cannot be applied');
      },
    },
  },
};

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
