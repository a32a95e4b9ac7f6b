import { Caller, CorrelationEntry, CorrelationPeriod, GroupCorrelations, Rpc, RpcParsed, SymptomWindow } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { HistoryReader, periodStart } from '../journal-history/history-reader';
import { AnalysisCache } from './analysis-cache';
import { correlateFoods, correlateGroups } from './correlate';
import { History } from './history';

/** Symptom Correlation (spec §2) and the FODMAP-group card (issue 8): the caller's history of the period, analysed. */
@Controller()
export class CorrelationHandler {
  constructor(
    private readonly history: HistoryReader,
    private readonly cache: AnalysisCache,
  ) {}

  @Handles(Rpc.insights.correlation)
  correlation({ caller, input }: RpcParsed<typeof Rpc.insights.correlation>): Promise<CorrelationEntry[]> {
    return this.analyse('foods', caller, input.period, windowOf(input), correlateFoods);
  }

  @Handles(Rpc.insights.fodmapGroups)
  async fodmapGroups({ caller, input }: RpcParsed<typeof Rpc.insights.fodmapGroups>): Promise<GroupCorrelations> {
    const window = windowOf(input);
    return { period: input.period, window, ...(await this.analyse('groups', caller, input.period, window, correlateGroups)) };
  }

  /** The version is read before the history, so an answer is never kept under a version newer than its rows. */
  private async analyse<T>(kind: string, caller: Caller, period: CorrelationPeriod, window: SymptomWindow, analysis: (history: History, window: SymptomWindow) => T): Promise<T> {
    const version = await this.history.version(caller.userId);
    const start = periodStart(caller, period);
    const key = [kind, caller.userId, version, start.getTime(), window.fromHours, window.toHours].join('|');
    return this.cache.get(caller.userId, key, async () => analysis(await this.history.load(caller.userId, start, window), window));
  }
}

function windowOf({ afterFrom, afterTo }: { afterFrom: number; afterTo: number }): SymptomWindow {
  return { fromHours: afterFrom, toHours: afterTo };
}
