import { AbstractLogger, LogLevel, LogMessage } from 'typeorm';
import { rootLogger } from './logger';

/**
 * TypeORM's failures and warnings as the process's JSON lines: the statement that failed and PostgreSQL's message, never
 * its parameters, which carry people's addresses, names and notes (TypeORM's own console logger prints a failed query
 * with its parameters over several plain-text lines), nor the error's detail (`Key (email)=(…)`).
 */
export class DatabaseLogger extends AbstractLogger {
  override logQueryError(error: string | Error, query: string): void {
    rootLogger().error({ context: 'Database', query: query.replace(/\s+/g, ' ').trim() }, `query failed: ${error instanceof Error ? error.message : error}`);
  }

  protected override writeLog(level: LogLevel, message: LogMessage | string | number | (LogMessage | string | number)[]): void {
    if (level !== 'error' && level !== 'warn') return;
    for (const entry of this.prepareLogMessages(message)) rootLogger()[level]({ context: 'Database' }, String(entry.message));
  }
}
