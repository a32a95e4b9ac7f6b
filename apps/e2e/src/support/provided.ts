/** What the end-to-end global setup (stack-setup.ts) hands to the test files. */
export interface ProvidedStack {
  gatewayUrl: string;
  mailUrl: string;
  /** The fake OpenAI API foods uses (its /v1 address): tests script its answers with scriptFakeOpenAi. */
  openAiUrl: string;
  /** The stack's ADMIN_EMAILS address: whoever registers it is an admin. */
  adminEmail: string;
  /** The stack's own database, for tests that check what was stored. */
  databaseUrl: string;
  /** The stack's NATS prefix, for tests that speak to the services directly. */
  natsPrefix: string;
  stackPids: Record<string, number>;
  /** Each process's ops server (`/metrics`, `/health/live`, `/health/ready`) by process name: gateway and the five services. */
  metricsUrls: Record<string, string>;
  /** Where the stack's processes write what they print (under test-results/). */
  logFile: string;
  /** The STRIPE_* settings of the stack: its fake Stripe's URL and keys, to sign webhooks as Stripe would. */
  stripe: Record<string, string>;
}

/** Jest runs the global setup in the parent process; its values reach the test files through this variable. */
export const PROVIDED_STACK_VARIABLE = 'FODMAP_E2E_STACK';

/** A value of the stack the global setup started. */
export function provided<K extends keyof ProvidedStack>(key: K): ProvidedStack[K] {
  const stack = process.env[PROVIDED_STACK_VARIABLE];
  if (!stack) throw new Error('No end-to-end stack is running: run these tests with `npm run test:api` or `npm run test:browser`.');
  return (JSON.parse(stack) as ProvidedStack)[key];
}
