// The codes domain as the other domains and the app see it: import it from here, never from its other files.
export { generateHostSetCode } from './code-generator.ts';
export {
  codeRegistrationUrl,
  issueOrderHostSetCodes,
  listOrderHostSetCodes,
  revokeOrderHostSetCodes,
  type OrderHostSetCode,
} from './host-set-codes.ts';
