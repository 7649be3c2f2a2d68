/** The media feature's server side: what other features, routes and the Worker may use of it. */
export { storePublicImage, uploadedFile } from "./images.server";
