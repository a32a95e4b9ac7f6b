/** The injection token of the AI food research's settings (ResearchConfig: foods' OPENAI_* in @fodmap/server's config). */
export const RESEARCH_CONFIG = Symbol('RESEARCH_CONFIG');
