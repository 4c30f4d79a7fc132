export { EndedChip, ProgramRulesList } from "./program-rules-list";
