import { CorrelationEntry, CorrelationPeriod, EvidenceLevel, Rpc, RpcParsed, SYMPTOM_WINDOW, SymptomWindow } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { HistoryReader, periodStart } from '../journal-history/history-reader';
import { correlateFoods } from './correlate';

/** Findings the evidence supports: those the correlation list gives a §9 risk label for a link. */
const SUPPORTED: ReadonlySet<EvidenceLevel> = new Set(['strong', 'moderate']);
const DEFAULT_WINDOW: SymptomWindow = { fromHours: SYMPTOM_WINDOW.fromHours, toHours: SYMPTOM_WINDOW.toHours };

/**
 * The daily summaries' top correlation: for each person of a batch, the first entry of their ranked correlation list
 * (the period's own days, the default symptom window), when its evidence is strong or moderate, else null. One request
 * per batch, analysed here person after person. Not through the analysis cache: a morning's batches would push out
 * the answers people opening Insights are reusing.
 */
@Controller()
export class TopCorrelationsHandler {
  constructor(private readonly history: HistoryReader) {}

  @Handles(Rpc.insights.topCorrelations)
  async topCorrelations({ users, period }: RpcParsed<typeof Rpc.insights.topCorrelations>): Promise<Array<{ userId: number; top: CorrelationEntry | null }>> {
    const answers: Array<{ userId: number; top: CorrelationEntry | null }> = [];
    for (const user of users) {
      const history = await this.history.load(user.userId, periodStart(user, period as CorrelationPeriod), DEFAULT_WINDOW);
      const [first] = correlateFoods(history, DEFAULT_WINDOW);
      answers.push({ userId: user.userId, top: first && first.riskLabel !== null && SUPPORTED.has(first.evidence) ? first : null });
    }
    return answers;
  }
}
