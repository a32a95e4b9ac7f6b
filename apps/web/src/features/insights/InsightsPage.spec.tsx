import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  UNMEASURED_COMPONENTS,
  type CorrelationEntry,
  type DailyInsight,
  type GroupCorrelation,
  type GroupCorrelations,
  type InsightsActivity,
  type Meal,
  type MealFood,
} from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aMeal, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { BrandingProvider } from '../branding/BrandingProvider';
import { InsightsPage } from './InsightsPage';

const day = (date: string, mealsCount: number, avgFodmapRisk: number | null, symptomCount: number): DailyInsight => ({ date, mealsCount, avgFodmapRisk, symptomCount });

function activityOf(dailyData: DailyInsight[]): InsightsActivity {
  return {
    dailyData,
    summary: { totalSymptoms: 3, avgFodmapRisk: 31.5, daysWithSymptoms: 2 },
    meta: { serverVersion: '1.0.0', environment: 'test', timestamp: '2025-03-05T12:00:00.000Z' },
  };
}

// The server's order: every day of the period, newest first.
const week = activityOf([
  day('2025-03-05', 0, null, 0),
  day('2025-03-04', 2, 8, 1),
  day('2025-03-03', 0, null, 2),
  day('2025-03-02', 1, 55, 0),
  day('2025-03-01', 0, null, 0),
]);
const month = activityOf([day('2025-02-10', 3, 80, 4)]);

function anEntry(overrides: Partial<CorrelationEntry>): CorrelationEntry {
  return {
    foodId: 1,
    foodName: 'Onion',
    fodmapRating: 'high',
    totalMeals: 8,
    symptomsAfter: 6,
    correlationRate: 0.75,
    avgSymptomSeverity: 2.4,
    commonSymptoms: ['Bloating', 'Gas'],
    riskLabel: 'High Risk',
    eatenWith: [],
    evidence: 'strong',
    pValue: 0.001,
    qValue: 0.004,
    baselineRate: 0.2,
    exposures: { with: { meals: 8, symptomatic: 6 }, without: { meals: 40, symptomatic: 8 } },
    ...overrides,
  };
}

const onion = anEntry({ eatenWith: ['Garlic'] });
// A rate that would read 'Moderate Risk' on the scale, on evidence that could be chance.
const rice = anEntry({ foodId: 2, foodName: 'Rice', fodmapRating: 'low', totalMeals: 6, symptomsAfter: 3, correlationRate: 0.5, avgSymptomSeverity: 1.2, riskLabel: null, evidence: 'to_confirm', commonSymptoms: [] });

function aGroup(group: GroupCorrelation['group'], evidence: GroupCorrelation['evidence'], overrides: Partial<GroupCorrelation> = {}): GroupCorrelation {
  return {
    group,
    kind: 'fodmap',
    evidence,
    pValue: null,
    qValue: null,
    baselineRate: 0.2,
    correlationRate: 0.6,
    inferredMeals: 0,
    exposures: { with: { meals: 10, symptomatic: 6 }, without: { meals: 30, symptomatic: 6 } },
    ...overrides,
  };
}

const groupsOf = (groups: GroupCorrelation[]): GroupCorrelations => ({ period: 30, window: { fromHours: 1, toHours: 8 }, mealsAnalysed: 40, symptomaticMeals: 12, groups });
const lactoseGroups = groupsOf([
  aGroup('lactose', 'strong', { inferredMeals: 3 }),
  aGroup('fructans', 'no_link', { correlationRate: 0.2 }),
  aGroup('polyols', 'not_enough_data', { correlationRate: null }),
  aGroup('caffeine', 'no_link', { kind: 'other_trigger' }),
  aGroup('galactans', 'not_enough_data', { correlationRate: null, baselineRate: null, exposures: { with: { meals: 0, symptomatic: 0 }, without: { meals: 40, symptomatic: 12 } } }),
  aGroup('alcohol', 'not_enough_data', { kind: 'other_trigger', correlationRate: null, baselineRate: null, exposures: { with: { meals: 0, symptomatic: 0 }, without: { meals: 40, symptomatic: 12 } } }),
]);

function aMealFood(id: number, name: string, overrides: Partial<MealFood> = {}): MealFood {
  return {
    id,
    foodId: id,
    quantity: 2,
    servingUnit: 'slice',
    servingSize: '1 slice (30 g)',
    fodmapRating: 'low',
    ratingAtQuantity: 'medium',
    grams: 60,
    calories: null,
    food: {
      id,
      name,
      fodmapRating: 'low',
      servingSize: '1 slice (30 g)',
      servingGrams: 30,
      caloriesPerServing: null,
      foodType: 'grain',
      oligoGroup: 'grain_legume_nut',
      ibsTriggerType: null,
      ...UNMEASURED_COMPONENTS,
    },
    ...overrides,
  };
}

const toast: Meal = aMeal({ id: 7, name: 'Toast', mealType: 'breakfast', timestamp: '2025-03-04T16:00:00.000Z', notes: 'In a hurry', foods: [aMealFood(1, 'Sourdough'), aMealFood(2, '')] });

interface Answers {
  activity?: (period: string) => Response | Promise<Response>;
  correlation?: CorrelationEntry[];
  /** the 7 days of the top card, when they differ from the correlation card's period */
  weekCorrelation?: CorrelationEntry[];
  groups?: GroupCorrelations;
  meals?: (date: string) => Response;
}

function insightsApi({
  activity = (period) => json(200, period === '30' ? month : week),
  correlation = [onion, rice],
  weekCorrelation = correlation,
  groups = lactoseGroups,
  meals = () => json(200, [toast]),
}: Answers = {}) {
  return fakeApi((path) => {
    const url = new URL(path, 'http://phone');
    const period = url.searchParams.get('period') ?? '';
    if (url.pathname === '/api/insights/activity') return activity(period);
    if (url.pathname === '/api/insights/correlation') return json(200, period === '7' ? weekCorrelation : correlation);
    if (url.pathname === '/api/insights/fodmap-groups') return json(200, groups);
    if (url.pathname === '/api/meals') return meals(url.searchParams.get('date') ?? '');
    if (url.pathname === '/api/domain-config') return json(200, { displayName: 'Gut Diary' });
    return undefined;
  });
}

const renderInsights = () =>
  renderInApp(
    <BrandingProvider>
      <InsightsPage />
    </BrandingProvider>,
  );

/** The first answer of a screen that also loads its chart: slower than one second on a busy machine. */
const FIRST_LOAD = { timeout: 3000 };

const analytics = () => screen.getByRole('region', { name: 'Advanced Analytics' });
const dayRows = () => within(within(analytics()).getByRole('group', { name: 'Days' })).getAllByRole('button');
const activityReads = (fetchMock: ReturnType<typeof fakeApi>, period: number) =>
  requests(fetchMock).filter((request) => request.startsWith(`GET /api/insights/activity?period=${period}&_t=`)).length;

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('Advanced Analytics (spec §2 Insights)', () => {
  it("lists the days with meals or symptoms newest first as 'MMM d', with the day's risk and symptoms", async () => {
    insightsApi();
    renderInsights();
    await within(analytics()).findByRole('button', { name: /^Mar 4/ }, FIRST_LOAD);
    expect(dayRows().map((row) => row.getAttribute('aria-label'))).toEqual(['Mar 4: 8% risk, 1 symptom', 'Mar 3: —, 2 symptoms', 'Mar 2: 55% risk, 0 symptoms']);
    const [march4, march3, march2] = dayRows();
    // Spec §9: at least 15 % on a day with meals, 0 on a day without.
    expect(within(march4).getByTestId('risk-bar').style.width).toBe('15%');
    expect(within(march3).getByTestId('risk-bar').style.width).toBe('0%');
    expect(within(march2).getByTestId('risk-bar').style.width).toBe('55%');
    expect(within(march4).getByText('8% risk')).toBeTruthy();
    expect(within(march3).getByText('2 symptoms')).toBeTruthy();
  });

  it('shows the legend and the summary of the period', async () => {
    insightsApi();
    renderInsights();
    await within(analytics()).findByRole('button', { name: /^Mar 4/ }, FIRST_LOAD);
    expect(within(within(analytics()).getByRole('list', { name: 'Risk colours' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'up to 20%',
      'up to 40%',
      'up to 70%',
      'above 70%',
    ]);
    expect(within(analytics()).getByRole('group', { name: 'Total Symptoms' }).textContent).toContain('3');
    expect(within(analytics()).getByRole('group', { name: 'Avg FODMAP Risk' }).textContent).toContain('32%');
    expect(within(analytics()).getByRole('group', { name: 'Days with Symptoms' }).textContent).toContain('2');
  });

  it("says once that a day's risk is its score on Home read the other way, on the newest rated day", async () => {
    insightsApi();
    renderInsights();
    await within(analytics()).findByRole('button', { name: /^Mar 4/ }, FIRST_LOAD);
    expect(within(analytics()).getByTestId('day-score-relation').textContent).toBe("A day's score on Home is 100 minus its FODMAP risk. Mar 4: 8% risk is a score of 92 on Home.");
    expect(screen.getAllByText(/100 minus its FODMAP risk/)).toHaveLength(1);
  });

  it('asks for 30 days when chosen, keeping the 7 days on screen until they arrive', async () => {
    let answer30: (response: Response) => void = () => undefined;
    const fetchMock = insightsApi({ activity: (period) => (period === '30' ? new Promise<Response>((resolve) => (answer30 = resolve)) : json(200, week)) });
    renderInsights();
    await within(analytics()).findByRole('button', { name: /^Mar 4/ }, FIRST_LOAD);
    expect(within(analytics()).getByRole('button', { name: '7 Days' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(analytics()).getByRole('button', { name: '30 Days' }));
    await waitFor(() => expect(activityReads(fetchMock, 30)).toBe(1));
    expect(within(analytics()).getByRole('button', { name: '30 Days' }).getAttribute('aria-pressed')).toBe('true');
    expect(dayRows()).toHaveLength(3);

    answer30(json(200, month));
    await within(analytics()).findByRole('button', { name: /^Feb 10/ });
    expect(dayRows()).toHaveLength(1);
  });

  it('reads the period again on Refresh', async () => {
    const fetchMock = insightsApi();
    renderInsights();
    await within(analytics()).findByRole('button', { name: /^Mar 4/ }, FIRST_LOAD);
    const before = activityReads(fetchMock, 7);
    fireEvent.click(within(analytics()).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(activityReads(fetchMock, 7)).toBe(before + 1));
    expect(await within(analytics()).findByRole('button', { name: /^Mar 4/ }, FIRST_LOAD)).toBeTruthy();
  });

  it("opens a day's meals: type, time, foods with amount and rating, 'Unknown Food' for a nameless one, notes", async () => {
    const fetchMock = insightsApi();
    renderInsights();
    fireEvent.click(await within(analytics()).findByRole('button', { name: /^Mar 4/ }, FIRST_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Meals for Mar 4' });
    const meal = await within(dialog).findByRole('article', { name: 'Toast' });
    expect(requests(fetchMock)).toContain('GET /api/meals?date=2025-03-04');
    const foods = within(within(meal).getByRole('list', { name: 'Foods in Toast' })).getAllByRole('listitem');
    expect(foods.map((food) => food.textContent)).toEqual(['Sourdough2 slice · 60 gMedium FODMAP', 'Unknown Food2 slice · 60 gMedium FODMAP']);
    // 16:00 UTC is 8 in the morning in Ann's Los Angeles.
    expect(within(meal).getByText(/^8:00/)).toBeTruthy();
    expect(within(meal).getByText('In a hurry')).toBeTruthy();
  });

  it("says 'No meals logged for this day' and 'Failed to fetch meals'", async () => {
    insightsApi({ meals: (date) => (date === '2025-03-03' ? json(200, []) : json(500, { message: 'down' })) });
    renderInsights();
    fireEvent.click(await within(analytics()).findByRole('button', { name: /^Mar 3/ }, FIRST_LOAD));
    expect(await within(screen.getByRole('dialog', { name: 'Meals for Mar 3' })).findByText('No meals logged for this day')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(analytics()).getByRole('button', { name: /^Mar 2/ }));
    expect(await within(screen.getByRole('dialog', { name: 'Meals for Mar 2' })).findByText('Failed to fetch meals')).toBeTruthy();
  });

  it("says 'No data available for this period' when no day has meals or symptoms", async () => {
    insightsApi({ activity: () => json(200, activityOf([day('2025-03-05', 0, null, 0), day('2025-03-04', 0, null, 0)])) });
    renderInsights();
    expect(await within(analytics()).findByText('No data available for this period', {}, FIRST_LOAD)).toBeTruthy();
  });

  it("reports a failed read with 'HTTP {status}: {statusText}'", async () => {
    insightsApi({ activity: () => new Response(JSON.stringify({ message: 'boom' }), { status: 503, statusText: 'Service Unavailable', headers: { 'Content-Type': 'application/json' } }) });
    renderInsights();
    expect(await within(analytics()).findByText('Error loading analytics data. Please try refreshing the page.', {}, FIRST_LOAD)).toBeTruthy();
    expect(within(analytics()).getByText('HTTP 503: Service Unavailable')).toBeTruthy();
  });

  it('signs the person out on a 401, as the Diary does', async () => {
    insightsApi({ activity: () => json(401, { message: 'Unauthorized' }) });
    renderInsights();
    expect(await screen.findByText('You are logged out. Logging in again...', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('Unauthorized')).toBeTruthy();
  });
});

describe('Symptom Correlation (spec §2, §9)', () => {
  const correlation = () => screen.getByRole('region', { name: 'Symptom Correlation' });

  it('shows a food with its label, rate, severity out of 4, evidence against the baseline and the foods eaten with it', async () => {
    insightsApi();
    renderInsights();
    const card = await within(correlation()).findByRole('article', { name: 'Onion' }, FIRST_LOAD);
    expect(within(card).getByText('#1')).toBeTruthy();
    expect(within(card).getByTestId('finding').textContent).toBe('High Risk');
    expect(within(card).getByText('High FODMAP')).toBeTruthy();
    expect(within(card).getByRole('group', { name: 'Meals' }).textContent).toContain('8');
    expect(within(card).getByRole('group', { name: 'Symptom Rate' }).textContent).toBe('Symptom Rate75%6 of 8 meals');
    expect(within(card).getByRole('group', { name: 'Avg Severity' }).textContent).toBe('Avg SeverityModerate2.4/4');
    expect(within(card).getByText('Common symptoms: Bloating, Gas')).toBeTruthy();
    expect(within(card).getByText('Avoid')).toBeTruthy();
    expect(within(card).getByText('Strong evidence · Symptoms after 20% of your other meals')).toBeTruthy();
    expect(within(card).getByText('Nearly always eaten with Garlic, so we cannot tell which of them it is')).toBeTruthy();
    expect(within(correlation()).getByText('A symptom counts for the meal you linked it to, or else for the meals you ate 1 to 8 hours before it.')).toBeTruthy();
  });

  it('gives no risk word to a food whose evidence could be chance, only how sure it is', async () => {
    insightsApi();
    renderInsights();
    const card = await within(correlation()).findByRole('article', { name: 'Rice' }, FIRST_LOAD);
    expect(within(card).getByText('#2')).toBeTruthy();
    expect(within(card).getByTestId('finding').textContent).toBe('To be confirmed');
    expect(within(card).queryByText(/Risk|Avoid|Safe/)).toBeNull();
    expect(within(card).getByText('A possible link that could still be chance: keep logging, or test it with your dietitian.')).toBeTruthy();
    expect(within(card).queryByText(/Nearly always eaten with/)).toBeNull();
  });

  it('shows the top 10, and all on Show all', async () => {
    const many = Array.from({ length: 12 }, (_, index) => anEntry({ foodId: index + 1, foodName: `Food ${index + 1}` }));
    insightsApi({ correlation: many });
    renderInsights();
    await within(correlation()).findByRole('article', { name: 'Food 1' }, FIRST_LOAD);
    expect(within(correlation()).getAllByRole('article')).toHaveLength(10);
    fireEvent.click(within(correlation()).getByRole('button', { name: 'Show all 12' }));
    expect(within(correlation()).getAllByRole('article')).toHaveLength(12);
  });

  it.each([
    ['no entries', []],
    ['only foods eaten too few times', [anEntry({ evidence: 'not_enough_data', riskLabel: null })]],
  ])("says 'No Correlation Data' with %s", async (_case, entries) => {
    insightsApi({ correlation: entries });
    renderInsights();
    expect(await within(correlation()).findByText('No Correlation Data', {}, FIRST_LOAD)).toBeTruthy();
    expect(within(correlation()).getByText('Log more meals and symptoms to see food-symptom correlations.')).toBeTruthy();
    expect(within(correlation()).queryByRole('article')).toBeNull();
  });

  it('asks for the chosen period, for the foods and the FODMAP groups alike', async () => {
    const fetchMock = insightsApi();
    renderInsights();
    await within(correlation()).findByRole('article', { name: 'Onion' }, FIRST_LOAD);
    expect((within(correlation()).getByLabelText('Period') as HTMLSelectElement).value).toBe('30');
    fireEvent.change(within(correlation()).getByLabelText('Period'), { target: { value: '90' } });
    await waitFor(() => expect(requests(fetchMock)).toEqual(expect.arrayContaining(['GET /api/insights/correlation?period=90', 'GET /api/insights/fodmap-groups?period=90'])));
  });
});

describe('Which FODMAP group is yours (issue 8)', () => {
  const groupCard = () => screen.getByRole('region', { name: 'Which FODMAP group is yours' });

  it('names the group the symptoms follow and the ones they do not, in plain words, with where each is found', async () => {
    insightsApi();
    renderInsights();
    expect((await within(groupCard()).findByTestId('group-conclusion', {}, FIRST_LOAD)).textContent).toBe('Your symptoms follow lactose, not fructans');
    const lactose = within(groupCard()).getByRole('listitem', { name: 'Lactose' });
    expect(within(lactose).getByText('Strong evidence')).toBeTruthy();
    expect(within(lactose).getByText('In milk, yoghurt, soft cheese')).toBeTruthy();
    expect(within(lactose).getByText('Symptoms after 60% of 10 meals with it, and after 20% of your other meals')).toBeTruthy();
    expect(within(lactose).getByText('3 of these meals count because a food in it is known to contain this group, though not how much')).toBeTruthy();
    expect(within(groupCard()).getByRole('listitem', { name: 'Fructans' }).textContent).not.toMatch(/of these meals/);
    expect(within(groupCard()).queryByText(/catalogue|trigger\b|inferred|exposure/)).toBeNull();
    expect(within(within(groupCard()).getByRole('list', { name: 'Other triggers' })).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Caffeine']);
  });

  it('names the groups no meal of the period had in one line, not a row each', async () => {
    insightsApi();
    renderInsights();
    expect(await within(groupCard()).findByText('None of your meals in this period had: GOS (galacto-oligosaccharides), Alcohol', {}, FIRST_LOAD)).toBeTruthy();
    expect(within(groupCard()).queryByRole('listitem', { name: 'Alcohol' })).toBeNull();
    expect(within(groupCard()).queryByRole('listitem', { name: 'GOS (galacto-oligosaccharides)' })).toBeNull();
  });
});

describe('the top of the screen', () => {
  it('sums up the last 7 days and names the strongest finding in plain words', async () => {
    insightsApi();
    renderInsights();
    const summary = screen.getByRole('region', { name: 'Last 7 days' });
    expect((await within(summary).findByRole('group', { name: 'Meals' }, FIRST_LOAD)).textContent).toContain('3');
    expect(within(summary).getByRole('group', { name: 'Symptoms' }).textContent).toContain('3');
    expect(within(summary).getByRole('group', { name: 'Avg FODMAP Risk' }).textContent).toContain('32%');
    expect((await within(summary).findByTestId('strongest-finding', {}, FIRST_LOAD)).textContent).toBe(
      'Strongest finding: you had symptoms after 6 of 8 meals with Onion, against 20% of your other meals.',
    );
  });

  it('finds foods over the same 7 days it sums up, and says so when none stands out', async () => {
    const fetchMock = insightsApi({ weekCorrelation: [rice] });
    renderInsights();
    const summary = screen.getByRole('region', { name: 'Last 7 days' });
    expect((await within(summary).findByTestId('strongest-finding', {}, FIRST_LOAD)).textContent).toBe('No food stands out in the last 7 days.');
    expect(requests(fetchMock)).toContain('GET /api/insights/correlation?period=7');
  });

  it("lists what is coming under 'More Analytics Coming Soon'", () => {
    insightsApi();
    renderInsights();
    const coming = screen.getByRole('region', { name: 'More Analytics Coming Soon' });
    expect(within(coming).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Weekly/monthly trend reports',
      'FODMAP tolerance patterns',
      'IBD trigger pattern analysis',
      'Progress tracking charts',
    ]);
  });
});
