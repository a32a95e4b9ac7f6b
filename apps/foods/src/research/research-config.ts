/** The AI food research's settings (README: AI food research). Without a key the model step is skipped. */
export interface ResearchConfig {
  apiKey: string | null;
  model: string;
  /** Another OpenAI-compatible endpoint; the tests point the real client at a local fake. */
  baseUrl: string | null;
}

export const RESEARCH_CONFIG = Symbol('RESEARCH_CONFIG');

export function loadResearchConfig(env: NodeJS.ProcessEnv = process.env): ResearchConfig {
  return {
    apiKey: env.OPENAI_API_KEY?.trim() || null,
    model: env.OPENAI_MODEL?.trim() || 'gpt-4o-mini',
    baseUrl: env.OPENAI_BASE_URL?.trim() || null,
  };
}
