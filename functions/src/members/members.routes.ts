import type { AppDeps } from "../platform/deps";
import { checkUserSubscription } from "./subscription-checks.service";
import { startSubscriptionJob } from "./subscription-job.service";
import { jobById } from "../jobs/jobs.service";
import {
  approveUser,
  blockUser,
  changeOwnPassword,
  createUserByAdmin,
  duplicateGroups,
  editUser,
  listUsers,
  mergeAccounts,
  removeUser,
  userByUsername,
} from "./members.service";
import type { RouteHandlers } from "../route-handlers";

type UserRoutes =
  | "listUsers"
  | "updateUser"
  | "deleteUser"
  | "blockUser"
  | "unblockUser"
  | "approveUser"
  | "createUser"
  | "changeAdminPassword"
  | "checkSubscription"
  | "checkAllSubscriptions"
  | "autoApproveSubscribers"
  | "getJob"
  | "listDuplicateUsers"
  | "mergeAccounts";

/** Members and their subscriptions, as the admin manages them. */
export function usersRoutes(deps: AppDeps): RouteHandlers<UserRoutes> {
  return {
    // with link counts, by username
    listUsers: () => listUsers(),
    // name, notes, e-mail (with every link's), payment IDs
    updateUser: ({ caller, params, body }) => editUser(caller, params.username, body, deps.now()),
    // the user, their links, clicks, tokens and sign-in
    deleteUser: ({ caller, params }) => removeUser(caller, params.username),
    blockUser: ({ caller, params }) => blockUser(caller, params.username, true, deps.now()),
    unblockUser: ({ caller, params }) => blockUser(caller, params.username, false, deps.now()),
    approveUser: ({ caller, params }) => approveUser(caller, params.username),
    // approved at once, no subscription needed
    createUser: ({ caller, body }) => createUserByAdmin(caller, body.email),
    // the signed-in admin's own password
    changeAdminPassword: ({ caller, body }) => changeOwnPassword(caller, body.password, deps.now()),
    // ask Stripe now
    checkSubscription: async ({ params }) => checkUserSubscription(deps, await userByUsername(params.username)),
    // every member, as the daily job does: a job (202 { jobId }), followed through getJob
    checkAllSubscriptions: ({ caller }) =>
      startSubscriptionJob("subscription-check", { trigger: "admin", actorUid: caller.uid }, deps.now()),
    // approve members with an active subscription: the same kind of job
    autoApproveSubscribers: ({ caller }) => startSubscriptionJob("auto-approve", { trigger: "admin", actorUid: caller.uid }, deps.now()),
    getJob: ({ params }) => jobById(params.jobId),
    // accounts sharing an e-mail, oldest first
    listDuplicateUsers: () => duplicateGroups(),
    // fold a duplicate into the primary
    mergeAccounts: ({ caller, body }) => mergeAccounts(caller, body.primaryEmail, body.duplicateEmail),
  };
}
