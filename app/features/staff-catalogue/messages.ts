/** docs/domain.md's catalogue messages, and the success toasts of the staff screens. */
export const STAFF_CATALOGUE_MESSAGES = {
  gameAdded: "Game added successfully",
  gameUpdated: "Game updated successfully",
  gameDeleted: "Game deleted successfully",
  gameDeleteError: "Error deleting the game",
  gameInUse: "Error deleting the game: gigs or live sessions use it",
  gameNameTaken: "A game with this name already exists",
  modeInUse: "A mode or platform that gigs use cannot be removed from the game",
  gameNotFound: "Game not found",
  chooseMode: "Add at least one mode",
  modeNamesUnique: "Each mode needs its own name",
  choosePlatform: "Choose at least one platform",
  platformAdded: "Platform added successfully",
  platformTaken: "A platform with this name already exists",
  bannerAdded: "Banner added successfully",
  bannerDeleted: "Banner deleted successfully",
  bannerDeleteConfirm: "Delete this banner? It leaves the home page at once.",
  gameDeleteConfirm: "Delete this game? This cannot be undone.",
  bannerNotFound: "Banner not found",
  bannerImageRequired: "Please select a valid image file",
  imageTooLarge: "The image must be at most 5 MB",
} as const;

export const CATALOGUE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Empty mode rows a form offers (JavaScript off: save to get more). */
export const BLANK_MODE_ROWS = 3;
