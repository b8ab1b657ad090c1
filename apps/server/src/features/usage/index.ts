/** The usage feature's public face: what other features and the tools may use (the rest is its own). */
export { costOf, functionCalls, recordUsage, usageDay } from './usage.service.ts';
export { usageCsv, usageDays, usageReport } from './usage-report.ts';
