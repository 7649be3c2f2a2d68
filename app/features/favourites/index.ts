/** The favourites feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { FavouriteButton } from "./components/favourite-button";
export type { FavouriteKind } from "./kinds";
export { favouriteApiSchema, favouriteFormSchema } from "./schema";
