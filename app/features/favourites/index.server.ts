/** The favourites feature's server side: what other features, routes and the Worker may use of it. */
export { setFavourite } from "./favourites.server";
