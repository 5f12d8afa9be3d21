/**
 * The header an island's API call names its page's language in (`<html lang>`: `en` or `es`), so that the answer's
 * messages are in that language (docs/decisions/041). A form posted without JavaScript gets it from its page's address.
 */
export const PAGE_LANGUAGE_HEADER = 'x-page-language';
