/**
 * `npm run bench -w @poolkit/core`: prints how long the captcha solver takes at the server's
 * default difficulty (16 bits), wall and CPU time per solve over 20 random challenges. A
 * benchmark prints figures; it checks nothing (machines here are shared and noisy).
 */
import { randomUUID } from 'node:crypto';
import { solveCaptcha } from '../src/client/solveCaptcha';

const SOLVES = 20;
const BITS = 16;

const started = performance.now();
const cpu = process.cpuUsage();
for (let index = 0; index < SOLVES; index += 1) {
  await solveCaptcha({
    lot_number: randomUUID(),
    gen_time: '0',
    difficulty_bits: BITS,
    pass_token: 'bench',
  });
}
const used = process.cpuUsage(cpu);
const wallMs = (performance.now() - started) / SOLVES;
const cpuMs = (used.user + used.system) / 1000 / SOLVES;
console.log(
  `captcha, ${BITS} bits: ${wallMs.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU per solve (${SOLVES} solves)`,
);
