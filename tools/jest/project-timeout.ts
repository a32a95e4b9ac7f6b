import { jest } from '@jest/globals';

// Jest takes testTimeout only for the whole run; a project's own timeout (tests and hooks) comes in its globals.
const { projectTimeoutMs } = globalThis as typeof globalThis & { projectTimeoutMs?: number };
if (projectTimeoutMs) jest.setTimeout(projectTimeoutMs);
