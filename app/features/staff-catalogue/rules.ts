/** The largest game or platform image staff may upload (the words say "5 MB", in copy.ts). */
export const CATALOGUE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Empty mode rows a form offers (JavaScript off: save to get more). */
export const BLANK_MODE_ROWS = 3;
