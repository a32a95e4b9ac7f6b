import { Controller, Header, Headers, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, IDEMPOTENCY_KEY_HEADER, MessageReply, ParsedBody, ParsedParams, ParsedQuery, Rpc, Symptom, symptomRoutes } from '@fodmap/contracts';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint, RouteBody, RouteParam, RouteQuery } from '../http/endpoint';
import { sendPage } from '../http/page-link';
import { CorrelationId } from '../http/request-id';
import { JournalWriteRate } from '../journal/journal-write-rate';
import { JournalReadCache, JSON_CONTENT_TYPE, JsonText } from '../journal/journal-read-cache';
import { ServiceClient } from '../services/service-client';

type SymptomId = ParsedParams<typeof symptomRoutes.update>['id'];

/** Spec §7 symptoms, the caller's own: another person's symptom, or a mealId of another person's meal, is a 404. */
@Controller()
export class SymptomsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: JournalReadCache,
  ) {}

  /** `timestamp` (default now) may be any past time, not in the future beyond the clock skew the journal allows. */
  @UseGuards(JournalWriteRate)
  @Endpoint(symptomRoutes.log)
  log(
    @CurrentCaller() caller: Caller,
    @RouteBody(symptomRoutes.log) input: ParsedBody<typeof symptomRoutes.log>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Symptom> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.logSymptom, { caller, input, idempotencyKey }, correlationId));
  }

  /** A page of the symptoms newest first, or `?date=YYYY-MM-DD` whole: that day in the caller's time zone, and cached. */
  @Endpoint(symptomRoutes.list)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  async list(
    @CurrentCaller() caller: Caller,
    @RouteQuery(symptomRoutes.list) input: ParsedQuery<typeof symptomRoutes.list>,
    @CorrelationId() correlationId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<JsonText<Symptom[]>> {
    const page = () => this.services.send(Rpc.journal.listSymptoms, { caller, input }, correlationId);
    const ask = async () => (await page()).items;
    return input.date === undefined ? sendPage(res, symptomRoutes.list, input.limit, await page()) : this.cache.read(caller, `symptoms?date=${input.date}`, ask);
  }

  /** A correction of type, severity, notes, time or linked meal (issue 18); one that changes nothing answers the symptom. */
  @UseGuards(JournalWriteRate)
  @Endpoint(symptomRoutes.update)
  update(
    @CurrentCaller() caller: Caller,
    @RouteParam(symptomRoutes.update, 'id') symptomId: SymptomId,
    @RouteBody(symptomRoutes.update) input: ParsedBody<typeof symptomRoutes.update>,
    @CorrelationId() correlationId: string,
  ): Promise<Symptom> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.updateSymptom, { caller, symptomId, input }, correlationId));
  }

  @UseGuards(JournalWriteRate)
  @Endpoint(symptomRoutes.remove)
  remove(
    @CurrentCaller() caller: Caller,
    @RouteParam(symptomRoutes.remove, 'id') symptomId: SymptomId,
    @CorrelationId() correlationId: string,
  ): Promise<MessageReply> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.deleteSymptom, { caller, symptomId }, correlationId));
  }
}
