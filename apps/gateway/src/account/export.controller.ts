import { Controller, HttpStatus, Res } from '@nestjs/common';
import { AccountExport, AccountMessages, accountRoutes, Caller, ExportCursor, ExportPage, Food, Meal, type ParsedQuery, Rpc, SentEmailRecord, Symptom } from '@fodmap/contracts';
import { Response } from 'express';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint, RouteQuery } from '../http/endpoint';
import { RateLimiter } from '../http/rate-limit';
import { CorrelationId } from '../http/request-id';
import { RetryLaterException } from '../http/retry-later.exception';
import { ServiceClient } from '../services/service-client';
import { exportFileName, exportZip } from './export-files';

/** An export reads a person's whole history from every service: a few an hour is plenty for a person, and no more load. */
export const EXPORTS_PER_HOUR = 5;
const EXPORT_WINDOW_SECONDS = 3600;

/** Every item of a service's export, a page at a time: each page is one small NATS message, however long the history. */
async function everyPage<T, Cursor>(page: (after: Cursor | null) => Promise<ExportPage<T, Cursor>>): Promise<T[]> {
  const items: T[] = [];
  for (let after: Cursor | null = null; ; ) {
    const { items: more, next } = await page(after);
    items.push(...more);
    if (next === null) return items;
    after = next;
  }
}

/** Issue 20 §2: everything the product holds about the caller, as a download (JSON, or a zip of CSV files). */
@Controller()
export class ExportController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limiter: RateLimiter,
  ) {}

  @Endpoint(accountRoutes.export)
  async export(
    @CurrentCaller() caller: Caller,
    @RouteQuery(accountRoutes.export) { format }: ParsedQuery<typeof accountRoutes.export>,
    @CorrelationId() correlationId: string,
    @Res() res: Response,
  ): Promise<void> {
    const key = `export:user:${caller.userId}`;
    const wait = await this.limiter.reserve([{ key, max: EXPORTS_PER_HOUR }], EXPORT_WINDOW_SECONDS);
    if (wait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, AccountMessages.tooManyExports(wait), wait);
    let data: AccountExport;
    try {
      data = await this.collect(caller, correlationId);
    } catch (error) {
      // A service that was down or late is not the person's export: they may try again at once.
      await this.limiter.release(key);
      throw error;
    }
    const csv = format === 'csv';
    res.setHeader('Content-Type', csv ? 'application/zip' : 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(data, csv ? 'zip' : 'json')}"`);
    res.end(csv ? Buffer.from(exportZip(data)) : JSON.stringify(data));
  }

  /** Asks each service for the caller's own data (the caller, never an id from the request), the services at once. */
  private async collect(caller: Caller, correlationId: string): Promise<AccountExport> {
    const [account, subscription, meals, symptoms, privateFoods, emails] = await Promise.all([
      this.services.send(Rpc.identity.get, { caller }, correlationId),
      this.services.send(Rpc.identity.subscriptionStatus, { caller }, correlationId),
      everyPage<Meal, ExportCursor>((after) => this.services.send(Rpc.journal.exportMeals, { caller, after }, correlationId)),
      everyPage<Symptom, ExportCursor>((after) => this.services.send(Rpc.journal.exportSymptoms, { caller, after }, correlationId)),
      everyPage<Food, number>((after) => this.services.send(Rpc.foods.exportPrivate, { caller, after }, correlationId)),
      everyPage<SentEmailRecord, ExportCursor>((after) => this.services.send(Rpc.notifications.exportEmails, { caller, after }, correlationId)),
    ]);
    return { exportedAt: new Date().toISOString(), account, subscription, meals, symptoms, privateFoods, emails };
  }
}
