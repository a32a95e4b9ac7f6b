import { CorrelationEntry, GroupCorrelations, Rpc, RpcParsed, SymptomWindow } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { correlateFoods, correlateGroups } from '../correlation/correlate';
import { HistoryReader } from '../journal-history/history-reader';

/** Symptom Correlation (spec §2) and the FODMAP-group card (issue 8): the caller's history of the period, analysed. */
@Controller()
export class CorrelationHandler {
  constructor(private readonly history: HistoryReader) {}

  @Handles(Rpc.insights.correlation)
  async correlation({ caller, input }: RpcParsed<typeof Rpc.insights.correlation>): Promise<CorrelationEntry[]> {
    const window = windowOf(input);
    return correlateFoods(await this.history.load(caller, input.period, window), window);
  }

  @Handles(Rpc.insights.fodmapGroups)
  async fodmapGroups({ caller, input }: RpcParsed<typeof Rpc.insights.fodmapGroups>): Promise<GroupCorrelations> {
    const window = windowOf(input);
    return { period: input.period, window, ...correlateGroups(await this.history.load(caller, input.period, window), window) };
  }
}

function windowOf({ afterFrom, afterTo }: { afterFrom: number; afterTo: number }): SymptomWindow {
  return { fromHours: afterFrom, toHours: afterTo };
}
