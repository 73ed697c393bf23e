/** Public surface of the platforms module: services import from here, not from the files inside. */
export * from './types.js';
export {
  PLATFORM_IDS,
  PLATFORMS,
  PRICES_AS_OF,
  costUsd,
  isPlatformId,
  parsePlatformId,
  platformInfo,
  toLegacyId,
  toV1Id,
  type CallPolicy,
  type PlatformDefinition,
  type PlatformId,
  type PriceTable,
} from './catalogue.js';
export { isRetryableLater } from './errors.js';
export { createPlatformRegistry, simulatorBaseUrl, type RegistryOptions } from './registry.js';
export type { PolicyOverrides } from './policy.js';
export { AEO_REWRITE_MARKER, SIMULATOR_FINGERPRINT, startSimulator } from './simulator/index.js';
export type { AeoRewrite, FaultPlan, FaultStep, PlatformFaults, SimulatorHandle, SimulatorOptions } from './simulator/index.js';
