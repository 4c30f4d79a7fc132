/**
 * npm run openapi: writes the API reference, docs/openapi.json, from the route table
 * (contract/src/routes.ts, with its comments). scripts/openapi.test.ts fails while the file is out of date.
 */
import "./lib/require-node-major"; // first: stops at once on a Node of another major
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { OPENAPI_FILE, openApiText } from "./lib/openapi-document";

const text = openApiText();
writeFileSync(OPENAPI_FILE, text);
process.stdout.write(`Wrote ${relative(process.cwd(), OPENAPI_FILE)} (${text.length.toLocaleString("en-US")} characters)\n`);
