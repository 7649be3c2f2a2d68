/** The profile feature's server side: what other features, routes and the Worker may use of it. */
export {
  deleteSocialLink,
  getOwnProfile,
  getProfile,
  replaceGamertags,
  reportUser,
  saveGamertagStatement,
  storeUserIp,
  updateBio,
  updateNames,
  updateSocialLinks,
  uploadPicture,
} from "./profile.server";
export { assertUnsubscribeLink, unsubscribe, unsubscribeUrl } from "./unsubscribe.server";
