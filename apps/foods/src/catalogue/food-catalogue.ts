import { CatalogueReleaseNotes, CatalogueReleaseSummary, Food, FoodSummary } from '@fodmap/contracts';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, Not } from 'typeorm';
import { FoodEntity } from '../foods/food.entity';
import { toFood, toSummary } from '../foods/food.view';
import { FoodSearchIndex, SearchHit } from '../search/food-search-index';
import { searchable } from '../search/searchable';
import { catalogueDirectory, readCatalogue } from './catalogue-file';
import { CatalogueMetaEntity } from './catalogue-meta.entity';
import { seedCatalogue } from './catalogue-seeder';

/**
 * The catalogue held in memory: seeded into PostgreSQL at start-up (before the service takes requests), then read
 * back once so that list, get and search never touch the database for catalogue foods. It changes only with a
 * new catalogue file, that is with a new deployment.
 */
@Injectable()
export class FoodCatalogue implements OnModuleInit {
  private readonly logger = new Logger('Catalogue');
  private byId = new Map<number, Food>();
  private summaries: FoodSummary[] = [];
  private index = new FoodSearchIndex([]);
  private currentVersion: string | null = null;
  private releaseNotes: CatalogueReleaseNotes | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const directory = catalogueDirectory();
    const catalogue = readCatalogue(directory);
    if (catalogue) {
      const outcome = await seedCatalogue(this.dataSource, catalogue, this.logger);
      this.logger.log(`Food catalogue version ${outcome.version}: ${outcome.foodCount} foods ${outcome.seeded ? 'seeded' : 'already up to date'}`);
    } else {
      // Still a working service (private foods, and whatever catalogue an earlier start seeded) rather than a crash loop.
      this.logger.warn(`No food catalogue at ${directory}/catalogue.json: serving the foods already in the database`);
    }
    await this.load();
  }

  /** Reads the catalogue foods from the database and rebuilds the in-memory index. */
  async load(): Promise<void> {
    const rows = await this.dataSource.getRepository(FoodEntity).find({ where: { key: Not(IsNull()) }, order: { name: 'ASC', id: 'ASC' } });
    const meta = await this.dataSource.getRepository(CatalogueMetaEntity).findOne({ where: { id: 1 } });
    // Everyday foods first, then the rest (a stable sort keeps each part by name): the unfiltered list opens with what
    // people eat, not '3 Musketeers bar'.
    const live = rows.filter((row) => !row.retired).sort((a, b) => Number(b.everyday) - Number(a.everyday));
    this.byId = new Map(rows.map((row) => [row.id, toFood(row)]));
    this.summaries = live.map((row) => toSummary(toFood(row)));
    this.index = new FoodSearchIndex(live.map(searchable));
    this.currentVersion = meta?.version ?? null;
    this.releaseNotes = meta?.whatsNew ?? null;
  }

  get version(): string | null {
    return this.currentVersion;
  }

  /** The current release's 'What's new in the food data' note. */
  get whatsNew(): CatalogueReleaseNotes | null {
    return this.releaseNotes;
  }

  /** The note in brief: what a screen needs to offer it, without its hundreds of changes. */
  get whatsNewSummary(): CatalogueReleaseSummary | null {
    const notes = this.releaseNotes;
    return notes && { version: notes.version, date: notes.date, changeCount: notes.changes.length };
  }

  /** How many catalogue foods are current (retired ones are kept only for old meals). */
  get size(): number {
    return this.summaries.length;
  }

  /** A catalogue food by id, retired ones included: a meal logged with one still shows it. */
  get(id: number): Food | undefined {
    return this.byId.get(id);
  }

  /** Every current catalogue food: everyday foods by name, then the rest by name. */
  list(): FoodSummary[] {
    return this.summaries;
  }

  search(query: string, limit: number): SearchHit[] {
    return this.index.search(query, limit);
  }
}
