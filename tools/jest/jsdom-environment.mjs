import JsdomEnvironment from 'jest-environment-jsdom';

// jsdom has no fetch API; the browsers the web app runs in do, and the app and its tests use it.
const FROM_NODE = ['fetch', 'Request', 'Response', 'Headers', 'TextEncoder', 'TextDecoder', 'ReadableStream', 'TransformStream', 'WritableStream', 'structuredClone'];

/** jsdom, plus the web platform globals that Node has and jsdom lacks. */
export default class JsdomWithFetchEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) if (this.global[name] === undefined) this.global[name] = globalThis[name];
  }
}
