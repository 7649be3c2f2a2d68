import { modesOfGame } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/game-modes/:id (the modes of game :id) */
export const loader = catalogueLoader(undefined, (req, _, params) => modesOfGame(req, params.id ?? ""));
