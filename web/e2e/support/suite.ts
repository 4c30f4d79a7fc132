export { resetEmulators } from "../../../functions/test/support/emulators";
export { clearInbox, latestMailTo, loginUrlIn } from "../../../functions/test/support/inbox";
export { ensureAdmin } from "../../../scripts/lib/admin-account";
export { signInMember } from "../../../functions/test/support/members";
export { idTokenFromPassword } from "../../../functions/test/support/emulators";
