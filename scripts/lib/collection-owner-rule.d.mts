// Types of collection-owner-rule.mjs (plain JavaScript, since eslint.config.mjs imports it).
import type { Rule } from "eslint";
export declare const collectionOwnerRule: Rule.RuleModule;
export declare function collectionNamesIn(source: string): Record<string, string>;
