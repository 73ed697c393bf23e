/** The platform simulator: a local OpenAI-compatible server answering for all eight platforms. */
export { startSimulator, type SimulatorHandle, type SimulatorOptions } from './server.js';
export type { FaultPlan, FaultStep, PlatformFaults } from './faults.js';
export { AEO_REWRITE_MARKER, type AeoRewrite } from './aeo.js';
export { SIMULATOR_FINGERPRINT } from './completion.js';
