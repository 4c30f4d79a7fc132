/**
 * The functions' real services and stores that the browser tests use directly to set up a scene
 * (an admin, a legacy account, clicks and traffic tallies of past days). Through the functions'
 * toolkit, like every caller from outside the functions; the web workspace itself never imports
 * functions/.
 */
export { addTrafficTallies, db, ensureAdmin, foldFinishedDays, newClickId, recordVisit } from "../functions/src/toolkit";
