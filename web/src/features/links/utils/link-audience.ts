/**
 * Who acts on a link: an admin, on anyone's (/api/links), or a member, on their own (/api/user/links).
 * The dialogs and requests are the same for both; what differs is said where this is read.
 */
export type LinkAudience = "admin" | "own";
