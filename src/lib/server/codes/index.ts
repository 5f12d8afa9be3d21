// The codes domain as the other domains and the app see it: import it from here, never from its other files.
export { generateHostSetCode, normalizeHostSetCode } from './code-generator.ts';
export {
  adminIssueHostSetCodes,
  codeRegistrationUrl,
  isHostSetCodeAvailable,
  issueHostSetCodes,
  issueOrderHostSetCodes,
  redeemHostSetCode,
  revokeHostSetCode,
  revokeOrderHostSetCodes,
  insertDemoHostSetCode,
} from './host-set-codes.ts';
export { listHostSetCodes, listOrderHostSetCodes, type OrderHostSetCode } from './admin-codes-read-model.ts';
export { insertBenchHostSetCodes } from './bench-codes.ts';
