/** What other features use of the site's screens: the not-found screen (a product page of no product). */
export { NotFoundPage } from "./not-found/not-found-page.tsx";
