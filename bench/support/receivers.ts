/**
 * A fast and a slow (10 s) HTTPS receiver in a child process (their own event loop, like real
 * receivers), trusted through the test CA. Shared by the webhook benchmarks.
 */
import { spawn } from 'node:child_process';
import { testCertificate } from '../../test/support/webhook-receiver.js';

// Plain JS run by `node -e`: prints the two ports as one JSON line.
const RECEIVERS = `
const https = require('node:https');
const { key, cert } = JSON.parse(process.env.BENCH_TLS);
const fast = https.createServer({ key, cert, keepAliveTimeout: 30000 }, (req, res) => {
  req.resume(); req.on('end', () => res.end('{"ok":true}'));
});
const slow = https.createServer({ key, cert, keepAliveTimeout: 30000 }, (req, res) => {
  req.resume(); req.on('end', () => setTimeout(() => res.end('{"ok":true}'), 10000));
});
fast.listen(0, '127.0.0.1', () => slow.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ fast: fast.address().port, slow: slow.address().port }));
}));
`;

export async function startReceivers(): Promise<{ ports: { fast: number; slow: number }; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', RECEIVERS], {
    env: { ...process.env, BENCH_TLS: JSON.stringify(testCertificate()) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ports = await new Promise<{ fast: number; slow: number }>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()) as { fast: number; slow: number }));
    child.once('exit', (code) => reject(new Error(`receivers exited with ${code}`)));
  });
  return { ports, stop: () => child.kill() };
}
