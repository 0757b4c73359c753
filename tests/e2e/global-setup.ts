// Replaced by the local-runtime work: starts one shop for all browser journeys.
export default async function setup() {}
