// The codes domain as the other domains and the app see it: import it from here, never from its other files.
export { generateHostSetCode, normalizeHostSetCode } from './code-generator.ts';
export {
  adminIssueHostSetCodes,
  codeRegistrationUrl,
  isHostSetCodeAvailable,
  issueHostSetCodes,
  issueOrderHostSetCodes,
  listHostSetCodes,
  listOrderHostSetCodes,
  type OrderHostSetCode,
  revokeHostSetCode,
  revokeOrderHostSetCodes,
} from './host-set-codes.ts';
