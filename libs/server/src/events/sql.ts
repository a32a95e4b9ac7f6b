import { DataSource } from 'typeorm';

export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/** The schema a service's DataSource owns (ServiceCoreModule sets it to the service name). */
export function schemaOf(dataSource: DataSource): string {
  const schema = 'schema' in dataSource.options ? dataSource.options.schema : undefined;
  if (!schema) throw new Error('The DataSource has no schema: events tables live in the service schema');
  return schema;
}

export function qualifiedTable(schema: string, table: string): string {
  return `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
}

/** Connection string for the dedicated sessions that hold advisory locks and LISTEN. */
export function databaseUrlOf(dataSource: DataSource): string {
  const url = 'url' in dataSource.options ? dataSource.options.url : undefined;
  if (!url) throw new Error('The DataSource has no url: advisory locks need their own connection');
  return url;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
