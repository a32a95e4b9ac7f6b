import {
  AI_SEARCH, AiSearchMessages, AiSearchResult, Caller, DomainEvents, Food, FOODS, FOOD_DESCRIPTION_MAX_LENGTH, FoodResearchCompletedV1, FoodResearchRequestedV1,
  MessageReply, Rpc, RpcParsed, SERVING_SIZE_MAX_LENGTH,
} from '@fodmap/contracts';
import { CommandHandler, EventStore, JobHandler, jobHandler, JobRun, rpcFailure } from '@fodmap/server';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { FoodCatalogue } from '../catalogue/food-catalogue';
import { FoodsService, PrivateFoodFields } from '../foods/foods.service';
import { MatchTier, Negation, SearchHit } from '../search/food-search-index';
import { AiBudget } from './ai-budget';
import { foodResearchDecider, foodResearchStream } from './food-research.decider';
import { foodResearchJob } from './food-research.job';
import { FoodResearcher, ModelOutcome, ResearchAnswer } from './food-researcher';
import { rateIngredients } from './ingredient-rating';

/** A catalogue hit this good is the food searched for: every word matched, at most with a typo. */
const CONFIDENT_TIERS = new Set([MatchTier.Exact, MatchTier.Words, MatchTier.Typo]);

/**
 * Whether the best catalogue hit is the food searched for. A hit that only stands in for what the query excludes
 * (rice milk for 'lactose free milk') is not: the model is asked about the food itself.
 */
const isConfident = (hit: SearchHit | undefined): hit is SearchHit => hit !== undefined && hit.negation === Negation.Fits && CONFIDENT_TIERS.has(hit.tier);

const NO_COMPONENTS = { fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null, xylitol: null, lactose: null };

/** 'Banana, ripe' → 'Banana': what a misspelt query most likely meant. */
const headOf = (name: string) => name.split(/[,(]/)[0].trim();

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const isWebAddress = (url: string) => /^https?:\/\/\S+$/i.test(url) && URL.canParse(url);

/**
 * A source as a person reads it: its title, or, where the model gave none or only a site's address ('ntro.it.com'),
 * 'An article on ntro.it.com'.
 */
function sourceTitle(source: { title: string; url: string }): string {
  const title = source.title.trim();
  const site = new URL(source.url).hostname.replace(/^www\./, '');
  const bare = title === '' || /^(https?:\/\/)?[\w-]+(\.[\w-]+)+\/?$/i.test(title);
  return bare ? `An article on ${site}` : title;
}

/** Thrown by a background search that may succeed if tried again: its job runs again after a backoff. */
export class ResearchRetryError extends Error {}

/**
 * Issue 11's AI food search: the catalogue first, then the label's ingredients, then the model. Whatever it
 * establishes becomes a private food of the person who asked, never a catalogue food: the model's reading is
 * capped at AI_SEARCH.maxConfidence and marked needsVerification until someone reviews it.
 */
@Injectable()
export class ResearchService {
  private readonly logger = new Logger(ResearchService.name);
  private readonly commands: CommandHandler<DomainEvents[typeof FOODS]>;

  constructor(
    private readonly catalogue: FoodCatalogue,
    private readonly foods: FoodsService,
    private readonly researcher: FoodResearcher,
    private readonly budget: AiBudget,
    events: EventStore<DomainEvents[typeof FOODS]>,
  ) {
    this.commands = new CommandHandler(events);
  }

  async search(userId: number, { query, ingredients }: RpcParsed<typeof Rpc.foods.aiSearch>['input']): Promise<AiSearchResult> {
    const hits = this.catalogue.search(query, 5);
    const suggestions = [...new Set(hits.filter((hit) => hit.tier === MatchTier.Typo).map((hit) => headOf(hit.name)))];
    const spellingCorrections = { suggestions };
    const best = hits[0];
    const found = isConfident(best) ? this.catalogue.get(best.id) : undefined;
    if (found) return { status: 'found', result: found, source: 'catalogue', message: AiSearchMessages.foundInCatalogue(found.name), spellingCorrections };

    if (ingredients !== undefined) {
      const food = await this.rateFromIngredients(userId, query, ingredients);
      return { status: 'found', result: food, source: 'ingredients', message: AiSearchMessages.ratedFromIngredients(food.name), spellingCorrections };
    }
    const outcome = await this.researcher.research(query);
    if (outcome.kind === 'over_budget') throw rpcFailure(503, AiSearchMessages.resting);
    return { ...(await this.fromModel(userId, query, outcome, undefined)), spellingCorrections };
  }

  /**
   * Queues the search durably: its event reaches foodResearchRequests, which enqueues its job. Refused at once when
   * today's AI budget is spent, rather than accepted only to fail; one queued before that may still end 'failed'.
   */
  async requestBackground(caller: Caller, query: string): Promise<MessageReply> {
    if (await this.budget.spent()) throw rpcFailure(503, AiSearchMessages.resting);
    const request: FoodResearchRequestedV1 = { researchId: randomUUID(), userId: caller.userId, query, timeZone: caller.timeZone };
    await this.commands.handle(foodResearchDecider, foodResearchStream(request.researchId), { type: 'Request', request }, { userId: caller.userId });
    return { message: AiSearchMessages.backgroundQueued };
  }

  handler(): JobHandler<typeof foodResearchJob> {
    return jobHandler(foodResearchJob, (request, run) => this.work(request, run));
  }

  /**
   * Works off one background search (the food-research job). A failure a retry can help (timeout, 429, 500, a
   * malformed answer) throws, so the job runs again, until its last run; then, or at once when no retry can help, it
   * ends 'failed'. The food is made once per search (its id is the idempotency key), and the completion is the
   * stream's second event, so a run after either committed adds nothing.
   */
  async work(request: FoodResearchRequestedV1, run: Pick<JobRun, 'attempt' | 'maxAttempts'>): Promise<void> {
    const hits = this.catalogue.search(request.query, 1);
    const catalogueFood = isConfident(hits[0]) ? this.catalogue.get(hits[0].id) : undefined;
    let result: Pick<AiSearchResult, 'status' | 'result' | 'placeholder'>;
    if (catalogueFood) {
      result = { status: 'found', result: catalogueFood };
    } else {
      const outcome = await this.researcher.research(request.query);
      if ((outcome.kind === 'timed_out' || outcome.kind === 'unavailable') && run.attempt < run.maxAttempts) {
        throw new ResearchRetryError(`background search attempt ${run.attempt} failed`);
      }
      result = await this.fromModel(request.userId, request.query, outcome, foodResearchStream(request.researchId));
    }
    const food = result.result ?? result.placeholder ?? null;
    const completed: FoodResearchCompletedV1 = {
      researchId: request.researchId,
      userId: request.userId,
      query: request.query,
      status: result.status,
      foodId: food?.id ?? null,
      foodName: food?.name ?? null,
    };
    const { events } = await this.commands.handle(foodResearchDecider, foodResearchStream(request.researchId), { type: 'Complete', completed }, { userId: request.userId });
    if (events.length > 0) this.logger.log(`Background search ${request.researchId} ended ${result.status}`);
  }

  private async rateFromIngredients(userId: number, name: string, ingredients: string): Promise<Food> {
    const verdict = rateIngredients(ingredients);
    return this.foods.createPrivate(
      userId,
      {
        name,
        description: clip(verdict.reason, FOOD_DESCRIPTION_MAX_LENGTH),
        servingSize: null,
        fodmapRating: verdict.rating,
        foodType: 'other',
        research: {
          source: 'ingredients',
          components: NO_COMPONENTS,
          canTriggerIbs: verdict.rating === 'high',
          ibsTriggerType: null,
          ibdTrigger: false,
          confidenceScore: null,
          needsVerification: verdict.rating === 'unknown',
          citations: [],
        },
      },
      { key: undefined, input: undefined },
    );
  }

  /** The model's outcome as the search's result; a food it establishes is saved as the person's own. */
  private async fromModel(userId: number, query: string, outcome: ModelOutcome, idempotencyKey: string | undefined): Promise<Omit<AiSearchResult, 'spellingCorrections'>> {
    if (outcome.kind === 'not_configured') return { status: 'failed', message: AiSearchMessages.notConfigured };
    if (outcome.kind === 'over_budget') return { status: 'failed', message: AiSearchMessages.resting };
    if (outcome.kind === 'timed_out') return { status: 'failed', message: AiSearchMessages.timedOut };
    if (outcome.kind === 'unavailable') return { status: 'failed', message: AiSearchMessages.noInformation };
    const fields = researchedFood(query, outcome.answer);
    const food = await this.foods.createPrivate(userId, fields, { key: idempotencyKey, input: { query } });
    if (fields.research?.citations.length === 0) return { status: 'placeholder_created', placeholder: food, source: 'ai', message: AiSearchMessages.placeholderCreated(food.name) };
    return { status: 'found', result: food, source: 'ai', message: AiSearchMessages.foundByAi(food.name) };
  }
}

/**
 * The private food a model answer makes. Named as the person searched (never as the model calls it); a claim without
 * a named source is not kept, so an answer without sources is a placeholder with only the name; a rating without a
 * stated serving is 'unknown'.
 */
export function researchedFood(query: string, answer: ResearchAnswer): PrivateFoodFields {
  const sources = answer.sources.filter((source) => isWebAddress(source.url));
  if (sources.length === 0) {
    return {
      name: query,
      description: `AI-researched: no published FODMAP information was found. ${AiSearchMessages.manualAddHint}`,
      servingSize: null,
      fodmapRating: 'unknown',
      foodType: 'other',
      research: { source: 'ai', components: NO_COMPONENTS, canTriggerIbs: false, ibsTriggerType: null, ibdTrigger: false, confidenceScore: 0, needsVerification: true, citations: [] },
    };
  }
  const servingSize = answer.servingSize?.trim() ? clip(answer.servingSize.trim(), SERVING_SIZE_MAX_LENGTH) : null;
  const triggers = answer.ibsTriggers.map((trigger) => trigger.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_')).filter(Boolean);
  return {
    name: query,
    description: clip(`AI-researched: ${answer.summary}`, FOOD_DESCRIPTION_MAX_LENGTH),
    servingSize,
    fodmapRating: servingSize ? answer.fodmapRating : 'unknown',
    foodType: answer.foodType,
    research: {
      source: 'ai',
      components: answer.componentsPer100g,
      canTriggerIbs: triggers.length > 0,
      ibsTriggerType: triggers.length > 0 ? triggers.join(', ') : null,
      ibdTrigger: answer.ibdTrigger,
      confidenceScore: Math.max(0, Math.min(AI_SEARCH.maxConfidence, Math.round(answer.confidence))),
      needsVerification: true,
      citations: sources.map((source, index) => ({ id: `ai-${index + 1}`, title: sourceTitle(source), url: source.url })),
    },
  };
}
