/**
 * The wall time and CPU time of each step of `npm test`, printed at its end. Steps overlap, so
 * their wall times do not add up; their CPU times do. A step's CPU time is what its process tree
 * used, read from this process's children's times (Linux /proc/self/stat) when the step's process
 * exits; processes that detach from the tree (the PostgreSQL server jest starts) are not counted.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const STAT = '/proc/self/stat';
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** Seconds of CPU used by the children this process has waited for, or null off Linux. */
function childrenCpu() {
  if (!existsSync(STAT)) return null;
  const stat = readFileSync(STAT, 'utf8');
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / ticksPerSecond;
}

export class StepClock {
  constructor(started = Date.now()) {
    this.started = started;
    this.steps = [];
    this.lastCpu = childrenCpu();
  }

  /** Records the step `name`, which runs until `done` (a promise of its exit code) settles. */
  async time(name, done) {
    const step = { name, from: Date.now() - this.started };
    this.steps.push(step);
    const code = await done;
    step.to = Date.now() - this.started;
    const cpu = childrenCpu();
    if (cpu !== null && this.lastCpu !== null) step.cpu = cpu - this.lastCpu;
    this.lastCpu = cpu;
    return code;
  }

  print() {
    const s = (ms) => `${(ms / 1000).toFixed(0)} s`;
    console.log('Steps (wall from the start of npm test; CPU of the step\'s processes)');
    for (const { name, from, to, cpu } of this.steps) {
      const cpuText = cpu === undefined ? '' : `, CPU ${cpu.toFixed(0)} s`;
      console.log(`  ${name.padEnd(10)} ${s(from).padStart(6)} to ${s(to).padStart(6)}: ${s(to - from)}${cpuText}`);
    }
  }
}
