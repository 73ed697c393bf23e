/**
 * Builds the eight adapters from the configuration. In `simulate` mode every platform points at
 * the local simulator (`${simulatorUrl}/${id}/v1`) and runs the very same adapter code as in
 * production; in `live` mode each platform needs its own key.
 */
import type { Config } from '../config.js';
import { PLATFORM_IDS, type PlatformId } from './catalogue.js';
import { PLATFORMS } from './catalogue.js';
import { OpenAICompatibleAdapter } from './openai-adapter.js';
import { resolvePolicy, type PolicyOverrides } from './policy.js';
import type { PlatformAdapter, PlatformRegistry } from './types.js';

export interface RegistryOptions {
  /** Base URL of a running simulator (required in `simulate` mode), e.g. `http://127.0.0.1:4010`. */
  simulatorUrl?: string;
  /** Applied to every platform on top of its catalogue policy (tests shrink timeouts and delays). */
  policy?: Partial<PolicyOverrides>;
}

/** The simulator accepts any bearer token; a fixed one keeps the request shape identical to live. */
const SIMULATOR_API_KEY = 'sightline-simulator';

export function simulatorBaseUrl(simulatorUrl: string, id: PlatformId): string {
  return `${simulatorUrl.replace(/\/+$/, '')}/${id}/v1`;
}

function createAdapter(config: Config, id: PlatformId, options: RegistryOptions): OpenAICompatibleAdapter {
  const definition = PLATFORMS[id];
  const policy = resolvePolicy(definition.policy, options.policy);
  if (config.platformsMode === 'simulate') {
    if (options.simulatorUrl === undefined) {
      throw new Error('PLATFORMS_MODE=simulate needs a running simulator: pass simulatorUrl to createPlatformRegistry');
    }
    return new OpenAICompatibleAdapter({
      platform: id,
      apiKey: SIMULATOR_API_KEY,
      baseUrl: simulatorBaseUrl(options.simulatorUrl, id),
      // A configured model name still shows through, so simulated runs carry the model a live run would.
      model: config.platforms[id].model ?? definition.defaultModel,
      simulated: true,
      policy,
    });
  }
  const env = config.platforms[id];
  return new OpenAICompatibleAdapter({
    platform: id,
    apiKey: env.apiKey,
    baseUrl: env.baseUrl ?? definition.defaultBaseUrl,
    model: env.model ?? definition.defaultModel,
    simulated: false,
    policy,
  });
}

export function createPlatformRegistry(config: Config, options: RegistryOptions = {}): PlatformRegistry {
  const adapters = new Map<PlatformId, OpenAICompatibleAdapter>(
    PLATFORM_IDS.map((id) => [id, createAdapter(config, id, options)]),
  );
  const all: readonly PlatformAdapter[] = Object.freeze([...adapters.values()]);
  const configured: readonly PlatformAdapter[] = Object.freeze(all.filter((adapter) => adapter.configured));
  return {
    get(id) {
      const adapter = adapters.get(id);
      if (adapter === undefined) throw new Error(`unknown platform id: ${String(id)}`);
      return adapter;
    },
    all: () => all,
    configured: () => configured,
    // The adapters share the process's keep-alive pools (http-exchange.ts), whose idle sockets
    // keep nothing alive; the simulator, when there is one, belongs to whoever started it.
    close: async () => {},
  };
}
