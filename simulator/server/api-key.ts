/** The key the simulator accepts unless SIM_API_KEY says otherwise; the demo and the benchmarks use it. */
export const exampleApiKey = 'sim-demo-key'
