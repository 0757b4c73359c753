/**
 * How many cases a property test of the integration suite runs. Each test names its own default, the
 * size `npm test` (and CI) runs; `PROPERTY_RUNS=<n>` runs `n` cases in each instead, for a deeper
 * search before a release or after changing what a property covers (README, "Tests").
 *
 * @example
 * await fc.assert(property, { numRuns: propertyRuns(30) });
 */
export function propertyRuns(ciDefault: number): number {
  const given = process.env.PROPERTY_RUNS;
  if (given === undefined || given === "") return ciDefault;
  const runs = Number(given);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`PROPERTY_RUNS must be a whole number of cases, at least 1 (got "${given}")`);
  }
  return runs;
}
