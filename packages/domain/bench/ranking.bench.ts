/// <reference types="node" />
// Times the ranking engine on large rounds: `npm run bench -w packages/domain`.
// Inputs come from a small seeded generator, so the figures are comparable between runs.
import { performance } from 'node:perf_hooks';
import {
  rankBoulderRound,
  rankLeadQualification,
  rankSpeedFinals,
  type BoulderScore,
  type LeadScore,
  type RankSpeedFinalsInput,
} from '../src/index.ts';

const RUNS = 50;
const RACERS = 2000;

const random = (() => {
  let state = 42;
  return (): number => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
})();
const integer = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

const boulder = (): BoulderScore => {
  const kind = random();
  if (kind < 0.3) return { topAttempts: null, zoneAttempts: null };
  if (kind < 0.6) return { topAttempts: null, zoneAttempts: integer(1, 8) };
  const topAttempts = integer(1, 8);
  return { topAttempts, zoneAttempts: integer(1, topAttempts) };
};
const leadScore = (): LeadScore => ({ hold: integer(10, 45), plus: random() < 0.5, top: random() < 0.05 });

const boulderRacers = Array.from({ length: RACERS }, (_, index) => ({
  racerId: `r${index}`,
  boulders: Array.from({ length: 5 }, boulder),
}));
const previousRanks = Object.fromEntries(boulderRacers.map((racer) => [racer.racerId, integer(1, RACERS)]));
const leadRacers = Array.from({ length: RACERS }, (_, index) => ({ racerId: `r${index}`, routes: [leadScore(), leadScore()] }));

const stages = ['EIGHTH_FINAL', 'QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'] as const;
const speedInput: RankSpeedFinalsInput = {
  qualification: Array.from({ length: 16 }, (_, index) => ({ racerId: `s${index}`, rank: index + 1, bestTimeMs: 5000 + index * 7 })),
  runs: Array.from({ length: 16 }, (_, racer) =>
    stages.map((stage) => ({ stage, racerId: `s${racer}`, run: { timeMs: integer(4900, 5400), fall: false, falseStart: false } })),
  ).flat(),
};

const medianMs = (call: () => unknown): number => {
  for (let warmUp = 0; warmUp < 5; warmUp += 1) call();
  const durations = Array.from({ length: RUNS }, () => {
    const start = performance.now();
    call();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return ((durations[Math.floor((RUNS - 1) / 2)] ?? 0) + (durations[Math.ceil((RUNS - 1) / 2)] ?? 0)) / 2;
};

const cases: [string, () => unknown][] = [
  [`boulder TOPS_ZONES, ${RACERS} racers x 5 boulders, count-back`, () => rankBoulderRound({ scoringType: 'TOPS_ZONES', racers: boulderRacers, previousRanks })],
  [`boulder IFSC_POINTS, ${RACERS} racers x 5 boulders, count-back`, () => rankBoulderRound({ scoringType: 'IFSC_POINTS', racers: boulderRacers, previousRanks })],
  [`lead qualification, ${RACERS} racers x 2 routes`, () => rankLeadQualification({ racers: leadRacers })],
  ['speed final, 16 racers, complete bracket', () => rankSpeedFinals(speedInput)],
];

console.log(`median of ${RUNS} runs (node ${process.version})`);
for (const [name, call] of cases) console.log(`${medianMs(call).toFixed(3).padStart(8)} ms  ${name}`);
