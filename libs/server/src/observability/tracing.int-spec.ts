import { eventually, Ledger, openSchema, testConfig } from '@fodmap/testing';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { ClientProxy, ClientProxyFactory, MessagePattern, MicroserviceOptions, Payload, Transport } from '@nestjs/microservices';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';
import { rpcRecord } from '../caller-signature';
import { EventRelay } from '../events/relay';
import { ProjectionConsumer } from '../events/projection-consumer';
import { installJobQueue } from '../jobs/install';
import { defineJob, enqueue, jobHandler, jobQueueSchema } from '../jobs/job';
import { JobWorker } from '../jobs/job-worker';
import { RpcObserver } from './rpc-observer';
import { contextOf, inSpan, SpanKind, startTracing, stopTracing } from './tracing';

/**
 * One trace across the real hops with exporting on (an in-memory exporter in place of OTLP): a request's span (as the
 * gateway's access middleware makes it) → the NATS request (traceparent header, rpcRecord) → the handler's span
 * (RpcObserver) → the event it appends (traceparent in its metadata) → the relay → JetStream → the consumer's span.
 */
describe('tracing across NATS and the event backbone', () => {
  const exporter = new InMemorySpanExporter();
  let ledger: Ledger;
  let relay: EventRelay;
  let consumer: ProjectionConsumer;
  let service: INestMicroservice;
  let client: ClientProxy;
  const depositSubject = () => `${ledger.natsPrefix}.ledger.deposit`;

  beforeAll(async () => {
    await startTracing('test', null, exporter);
    ledger = await Ledger.open('tracing');
    relay = ledger.relay();
    consumer = ledger.consumer();
    relay.start();
    consumer.start();

    @Controller()
    class DepositController {
      @MessagePattern(`${ledger.natsPrefix}.ledger.deposit`)
      async deposit(@Payload() body: { account: string; amount: number }): Promise<number> {
        return ledger.append(body.account, 'Deposited', body);
      }
    }
    @Module({
      controllers: [DepositController],
      providers: [
        { provide: APP_INTERCEPTOR, useValue: new RpcObserver(ledger.natsPrefix) },
      ],
    })
    class DepositModule {}
    service = await NestFactory.createMicroservice<MicroserviceOptions>(DepositModule, { transport: Transport.NATS, options: { servers: [testConfig().natsUrl] }, logger: false });
    await service.listen();
    client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [testConfig().natsUrl] } });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
    await consumer?.stop();
    await relay?.stop();
    await ledger?.close();
    await stopTracing();
  });

  it("gives the consumer's span the trace id of the request that caused the event", async () => {
    const position = await inSpan('PATCH /api/deposits', SpanKind.SERVER, contextOf(undefined), {}, () =>
      firstValueFrom(client.send<number>(depositSubject(), rpcRecord(depositSubject(), { account: 'account-traced', amount: 5 }, testConfig().callerSecret, 'trace-correlation'))),
    );
    await ledger.waitUntilApplied(position);

    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'PATCH /api/deposits');
    const handler = spans.find((span) => span.name === 'rpc ledger.deposit');
    const consumed = spans.find((span) => span.name === 'consume bank.Deposited');
    expect([request, handler, consumed].map((span) => span?.name)).toEqual(['PATCH /api/deposits', 'rpc ledger.deposit', 'consume bank.Deposited']);
    const traceId = request?.spanContext().traceId;
    expect(handler?.spanContext().traceId).toBe(traceId);
    expect(consumed?.spanContext().traceId).toBe(traceId);
    expect(handler?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    expect(consumed?.parentSpanContext?.spanId).toBe(handler?.spanContext().spanId);
    expect(consumed?.kind).toBe(SpanKind.CONSUMER);
  });
});

const JOBS_SERVICE = 'tracing_jobs';

class InstallJobQueue1769000000000 implements MigrationInterface {
  name = 'InstallJobQueue1769000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await installJobQueue(queryRunner, JOBS_SERVICE);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SCHEMA ${jobQueueSchema(JOBS_SERVICE)} CASCADE`);
  }
}

describe('tracing into the job queue', () => {
  it('runs a job (an email) in a span of the trace of the work that queued it, its payload as the handler expects it', async () => {
    const exporter = new InMemorySpanExporter();
    await startTracing('test', null, exporter);
    const dataSource = await openSchema(JOBS_SERVICE, [], [InstallJobQueue1769000000000]);
    const letterJob = defineJob({ name: 'letter', payload: z.object({ to: z.string() }), maxAttempts: 1 });
    const received: unknown[] = [];
    const worker = new JobWorker({ dataSource, handlers: [jobHandler(letterJob, async (payload) => void received.push(payload))], concurrency: 1, pollIntervalMs: 100 });
    try {
      await worker.start();
      await inSpan('consume journal.MealCompleted', SpanKind.CONSUMER, contextOf(undefined), {}, () =>
        dataSource.transaction((manager) => enqueue(manager, letterJob, { to: 'person 1' }, { key: 'traced-letter' })),
      );
      await eventually(async () => expect(received).toEqual([{ to: 'person 1' }]));
      const spans = await eventually(async () => {
        const finished = exporter.getFinishedSpans();
        expect(finished.map((span) => span.name).sort()).toEqual(['consume journal.MealCompleted', 'job letter']);
        return finished;
      });
      const [queued, job] = ['consume journal.MealCompleted', 'job letter'].map((name) => spans.find((span) => span.name === name));
      expect(job?.spanContext().traceId).toBe(queued?.spanContext().traceId);
      expect(job?.parentSpanContext?.spanId).toBe(queued?.spanContext().spanId);
    } finally {
      await worker.close();
      await dataSource.destroy();
      await stopTracing();
    }
  });
});
