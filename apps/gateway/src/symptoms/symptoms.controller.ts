import { Body, Controller, Delete, Get, Header, Headers, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { Caller, IDEMPOTENCY_KEY_HEADER, JournalMessages, logSymptomSchema, MessageReply, pathRecordId, Rpc, Symptom, symptomListQuerySchema, updateSymptomSchema } from '@fodmap/contracts';
import { z } from 'zod';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { ZodBody } from '../http/zod-body.pipe';
import { CorrelationId } from '../http/request-id';
import { JournalReadCache, JSON_CONTENT_TYPE, jsonText, JsonText } from '../journal/journal-read-cache';
import { ServiceClient } from '../services/service-client';

const symptomIdParam = new ZodBody(pathRecordId(JournalMessages.symptomIdInvalid));

/** Spec §7 symptoms, the caller's own: another person's symptom, or a mealId of another person's meal, is a 404. */
@Controller('symptoms')
@UseGuards(SignedInGuard)
export class SymptomsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: JournalReadCache,
  ) {}

  /** `timestamp` (default now) may be any past time, not in the future beyond the clock skew the journal allows. */
  @Post()
  log(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(logSymptomSchema)) input: z.output<typeof logSymptomSchema>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Symptom> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.logSymptom, { caller, input, idempotencyKey }, correlationId));
  }

  /** Newest first; `?date=YYYY-MM-DD` is that day in the caller's time zone, and cached. */
  @Get()
  @Header('Content-Type', JSON_CONTENT_TYPE)
  async list(
    @CurrentCaller() caller: Caller,
    @Query(new ZodBody(symptomListQuerySchema)) input: z.output<typeof symptomListQuerySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<JsonText<Symptom[]>> {
    const ask = () => this.services.send(Rpc.journal.listSymptoms, { caller, input }, correlationId);
    return input.date === undefined ? jsonText(await ask()) : this.cache.read(caller, `symptoms?date=${input.date}`, ask);
  }

  /** A correction of type, severity, notes, time or linked meal (issue 18); one that changes nothing answers the symptom. */
  @Patch(':id')
  update(
    @CurrentCaller() caller: Caller,
    @Param('id', symptomIdParam) symptomId: number,
    @Body(new ZodBody(updateSymptomSchema)) input: z.output<typeof updateSymptomSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<Symptom> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.updateSymptom, { caller, symptomId, input }, correlationId));
  }

  @Delete(':id')
  remove(
    @CurrentCaller() caller: Caller,
    @Param('id', symptomIdParam) symptomId: number,
    @CorrelationId() correlationId: string,
  ): Promise<MessageReply> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.deleteSymptom, { caller, symptomId }, correlationId));
  }
}
