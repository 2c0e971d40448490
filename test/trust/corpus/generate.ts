// Writes the development corpus's dataset files from malicious.ts and benign.ts.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { corpusRows, toJsonl } from "./rows.js";

const dir = import.meta.dirname;
const { skills, files, labels } = corpusRows();
writeFileSync(join(dir, "skills.jsonl"), toJsonl(skills));
writeFileSync(join(dir, "files.jsonl"), toJsonl(files));
writeFileSync(join(dir, "labels.jsonl"), toJsonl(labels));
console.log(`wrote ${skills.length} skills, ${files.length} files, ${labels.length} labels`);
