/** docs/domain.md: the header search asks for suggestions this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
/** docs/domain.md: names in suggestions are cut to this many characters. */
export const SEARCH_SUGGESTION_NAME_MAX = 20;
