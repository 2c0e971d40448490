// One synthetic SKILL.md: frontmatter, then headings, prose, lists and code blocks until the file
// reaches its drawn size. The words come from a DocumentWriter, so the text follows the fitted model.

import type { Random } from "./random.js";
import type { DocumentWriter } from "./text-model.js";

export function skillMarkdown(random: Random, doc: DocumentWriter, name: string, description: string, bytes: number): string {
  let text = `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n# ${name}\n\n`;
  while (text.length < bytes) {
    text += `## ${doc.sentence(2, 5).slice(0, -1)}\n\n${doc.prose(random.int(200, 900))}\n\n`;
    if (random.next() < 0.35) text += `${doc.codeBlock()}\n\n`;
    if (random.next() < 0.3) text += `${Array.from({ length: random.int(2, 5) }, () => `- ${doc.sentence(3, 9)}`).join("\n")}\n\n`;
  }
  return text;
}
