// `pnpm bench`: benchmarks print figures and ratios. The issuance and verification
// benchmarks arrive with their issues; until then there is nothing to measure end to end.
console.log('no benchmarks yet');
