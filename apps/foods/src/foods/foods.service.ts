import { DomainEvents, ExportPage, Food, FoodCreatedV1, FOODS, FoodSummary, FOOD_SEARCH, Messages, PRIVATE_FOODS_MAX, privateFoodsFull, Rpc, RpcParsed } from '@fodmap/contracts';
import { CommandHandler, EventStore, IdempotencyKeys, rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, MoreThan, Repository } from 'typeorm';
import { FoodCatalogue } from '../catalogue/food-catalogue';
import { compareHits, FoodSearchIndex } from '../search/food-search-index';
import { FoodEntity } from './food.entity';
import { toFood, toSummary } from './food.view';
import { privateFoodDecider } from './private-food.decider';

/** What a FoodCreated event says of a new private food besides its ids and time. */
export type PrivateFoodFields = Omit<FoodCreatedV1, 'foodId' | 'userId' | 'createdAt'>;

/** Private foods per export page: a food with its components is about a kilobyte. */
export const EXPORT_FOODS_PAGE = 200;

@Injectable()
export class FoodsService {
  private readonly commands: CommandHandler<DomainEvents[typeof FOODS]>;

  constructor(
    private readonly catalogue: FoodCatalogue,
    @InjectRepository(FoodEntity) private readonly foods: Repository<FoodEntity>,
    events: EventStore<DomainEvents[typeof FOODS]>,
    private readonly idempotencyKeys: IdempotencyKeys,
  ) {
    this.commands = new CommandHandler(events);
  }

  /** Issue 20 export: the caller's private foods, oldest first, a page after the food id `after`. */
  async exportPage(userId: number, after: number | null): Promise<ExportPage<Food, number>> {
    const rows = await this.foods.find({ where: { ownerUserId: userId, id: MoreThan(after ?? 0) }, order: { id: 'ASC' }, take: EXPORT_FOODS_PAGE });
    return { items: rows.map(toFood), next: rows.length === EXPORT_FOODS_PAGE ? rows[rows.length - 1].id : null };
  }

  /** The caller's private foods, newest first, then the catalogue by name; `limit` and `offset` page through that order. */
  async list(userId: number, { limit, offset = 0 }: RpcParsed<typeof Rpc.foods.list>['input'] = {}): Promise<FoodSummary[]> {
    const own = await this.foods.find({ where: { ownerUserId: userId }, order: { id: 'DESC' }, skip: offset, take: limit });
    // A page holding own foods continues with the catalogue's first; only one that starts past them needs their count.
    const catalogueStart = own.length > 0 || offset === 0 ? 0 : Math.max(0, offset - (await this.foods.countBy({ ownerUserId: userId })));
    const catalogueEnd = limit === undefined ? undefined : catalogueStart + limit - own.length;
    return [...own.map((row) => toSummary(toFood(row))), ...this.catalogue.list().slice(catalogueStart, catalogueEnd)];
  }

  async get(userId: number, id: number): Promise<Food> {
    const fromCatalogue = this.catalogue.get(id);
    if (fromCatalogue) return fromCatalogue;
    const own = await this.foods.findOne({ where: { id, ownerUserId: userId } });
    // Someone else's private food does not exist for this caller: 404, never 403, so ids reveal nothing.
    if (!own) throw rpcFailure(404, Messages.foodNotFound);
    return toFood(own);
  }

  /**
   * The catalogue from the in-memory index; the caller's private foods read by owner (an indexed lookup of a few
   * rows) and ranked by the same rules, so that every replica answers alike without a cache to keep in step.
   * Only names are read for ranking (raw SQL: a third of the time of an entity query), whole rows only for hits.
   */
  async search(userId: number, q: string): Promise<Food[]> {
    const limit = FOOD_SEARCH.serverResults;
    const ownNames: Array<{ id: number; name: string }> = await this.foods.query('SELECT id, name FROM foods.foods WHERE owner_user_id = $1', [userId]);
    const ownHits = ownNames.length > 0 ? new FoodSearchIndex(ownNames.map(({ id, name }) => ({ id, name, synonyms: [] }))).search(q, limit) : [];
    const hits = [...ownHits, ...this.catalogue.search(q, limit)].sort(compareHits).slice(0, limit);

    const ownIds = new Set(ownNames.map((row) => row.id));
    const ownHitIds = hits.filter((hit) => ownIds.has(hit.id)).map((hit) => hit.id);
    const ownRows = ownHitIds.length > 0 ? await this.foods.findBy({ id: In(ownHitIds), ownerUserId: userId }) : [];
    const ownById = new Map(ownRows.map((row) => [row.id, toFood(row)]));
    return hits.map((hit) => ownById.get(hit.id) ?? this.catalogue.get(hit.id)).filter((food): food is Food => food !== undefined);
  }

  /**
   * A private food: stored through its FoodCreated event, whose inline projection is the row itself. With an
   * idempotency key, the same key and input answer the food made the first time.
   */
  quickAdd(userId: number, food: RpcParsed<typeof Rpc.foods.quickAdd>['input'], idempotencyKey?: string): Promise<Food> {
    const fields: PrivateFoodFields = {
      name: food.name,
      description: food.description ?? null,
      servingSize: food.servingSize ?? null,
      fodmapRating: food.fodmapRating,
      foodType: food.foodType ?? 'other',
    };
    return this.createPrivate(userId, fields, { key: idempotencyKey, input: food });
  }

  /**
   * Creates a private food of `userId` (quick-add, or what a food research established); `idempotency.key` makes a
   * retry (a redelivered background search) answer the food made the first time.
   */
  async createPrivate(userId: number, fields: PrivateFoodFields, idempotency: { key: string | undefined; input: unknown }): Promise<Food> {
    const id = await this.idempotencyKeys.createOnce({ userId, ...idempotency }, async (recordKey) => {
      const [{ id: foodId }] = await this.foods.query(`SELECT nextval(pg_get_serial_sequence('foods.foods', 'id'))::int AS id`);
      const createdAt = new Date();
      const event: FoodCreatedV1 = { foodId, userId, ...fields, createdAt: createdAt.toISOString() };
      const research = event.research;
      const components = research?.components;
      // Raw SQL: TypeORM drops an explicit value for a generated primary key, and the id is the event's stream id.
      const insertRow = async (manager: EntityManager) => {
        // One person's creates in turn (a lock for the transaction), so that concurrent ones cannot all pass the count.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('foods.private-foods'), $1)`, [userId]);
        const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM foods.foods WHERE owner_user_id = $1`, [userId]);
        if (count >= PRIVATE_FOODS_MAX) throw rpcFailure(409, privateFoodsFull);
        await manager.query(
          `INSERT INTO foods.foods (id, owner_user_id, name, description, serving_size, food_type, fodmap_rating, created_at, updated_at,
             fructans, galactans, excess_fructose, sorbitol, mannitol, xylitol, lactose, can_trigger_ibs, ibs_trigger_type, ibd_trigger,
             confidence_score, needs_verification, citations)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21::jsonb)`,
          [
            foodId, userId, event.name, event.description, event.servingSize, event.foodType, event.fodmapRating, createdAt,
            components?.fructans ?? null, components?.galactans ?? null, components?.excessFructose ?? null, components?.sorbitol ?? null,
            components?.mannitol ?? null, components?.xylitol ?? null, components?.lactose ?? null, research?.canTriggerIbs ?? false,
            research?.ibsTriggerType ?? null, research?.ibdTrigger ?? false, research?.confidenceScore ?? null, research?.needsVerification ?? false,
            JSON.stringify(research?.citations ?? []),
          ],
        );
      };
      await this.commands.handle(privateFoodDecider, `food-${foodId}`, { type: 'Create', food: event }, {
        userId,
        occurredAt: event.createdAt,
        after: insertRow,
        idempotency: { record: recordKey, resourceId: foodId },
      });
      return foodId;
    });
    return toFood(await this.foods.findOneByOrFail({ id }));
  }
}
