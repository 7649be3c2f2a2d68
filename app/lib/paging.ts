/** A numbered page's position in a counted list (page and limit as asked; at least one page). */
export function pageInfo(totalItems: number, page: number, limit: number) {
  return { page, limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / limit)) };
}
